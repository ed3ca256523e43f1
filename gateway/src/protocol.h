/* Protocol constants of docs/protocol.md and builders for the messages the gateway writes itself
 * (replies, errors, gateway events), serialised compactly with the envelope keys first. */
#ifndef WEFT_PROTOCOL_H
#define WEFT_PROTOCOL_H

#include <jansson.h>

#include "msg.h"

#define WEFT_GATEWAY_VERSION "0.1.0"
#define WEFT_PROTOCOL_VERSION 1

/* The codes the gateway sends, named as docs/protocol-vocabulary.json says (ERR_ + the name in
 * capitals); tests/scripts/test_protocol_vocabulary.py fails when they drift. */
enum protocol_error {
	ERR_PARSE_ERROR = -32700,
	ERR_INVALID_REQUEST = -32600,
	ERR_METHOD_NOT_FOUND = -32601,
	ERR_INVALID_PARAMS = -32602,
	ERR_INTERNAL_ERROR = -32603,
	ERR_UNKNOWN_DEVICE = -32000,
	ERR_DEVICE_GONE = -32001,
	ERR_TIMED_OUT = -32002,
	ERR_UNSUPPORTED_PROTOCOL_VERSION = -32004,
};

/* Close codes the gateway uses besides the standard ones. */
#define CLOSE_REPLACED 4000 /* another connection registered the same identity */

/* {"code", "message", "data"?}; steals data (may be NULL). */
json_t *error_object(int code, const char *message, json_t *data);

/* {"id": id, "error": {...}}; id 0 writes "id": null. Steals data. NULL when out of memory. */
struct msg *reply_error(long long id, int code, const char *message, json_t *data);

/* {"id": id, "result": result}; steals result. */
struct msg *reply_result(long long id, json_t *result);

/* {"method": method, "params": params}; steals params. */
struct msg *event_message(const char *method, json_t *params);

/* The gateway's wall clock (CLOCK_REALTIME) in ms since the Unix epoch: the clock of
 * "gatewayTime" and "expiresAt", which devices compare with their own (protocol.md, expiry). */
long long wall_clock_ms(void);

/* The compact serialisation of j (not stolen). */
struct msg *msg_from_json(const json_t *j);

#endif
