/* The JSON HTTP API of docs/protocol.md: /healthz, /api/devices, /api/devices/{device},
 * .../snapshot (the device's Tree.getDocument) and .../call. Socket-free: the server hands it a
 * parsed request and writes the http_response it produces. */
#ifndef WEFT_HTTP_API_H
#define WEFT_HTTP_API_H

#include <stdbool.h>
#include <stddef.h>

#include "relay.h"

struct reply_check;

enum http_mode { HTTP_SNAPSHOT = 1, HTTP_CALL = 2 };

struct http_response {
	int status;
	struct msg *body; /* JSON; owned by the response */
};

/* True for the paths the API owns (/healthz and /api/...). */
bool http_api_owns(const char *path);

/* True for the API paths a configured token guards: all but /healthz, which reveals nothing
 * and must answer a health check that has no token. */
bool http_api_needs_token(const char *path);

/* Handles an API request (method "GET" or "POST"; body is the POST body). Returns true when it
 * answered at once (resp filled); false when the request went to a device through exchange, and
 * the answer comes later through the relay's http_reply hook and http_api_answer. */
bool http_api_handle(struct relay *r, struct peer *exchange, const char *method, const char *path, const char *body,
		     size_t body_len, long long now, struct http_response *resp);

/* The response for an exchange's finished request: reply is the device's reply and e its
 * envelope, or reply is NULL and code / message tell why it failed. check is the check of the
 * reply fed while it arrived (reply_check.h), or NULL (or not started) to check it all now. The
 * reply's bytes are reused, not copied. */
void http_api_answer(const struct peer *exchange, struct msg *reply, const struct envelope *e, int code,
		     const char *message, struct reply_check *check, struct http_response *resp);

/* True when a Content-Type header value's media type is exactly application/json (any case),
 * optionally followed by parameters (";charset=utf-8"): not application/jsonx, not
 * application/json-seq. */
bool http_api_json_content_type(const char *value);

/* An error response {"error": {"code", "message", "data"?}}; steals data. */
void http_api_error(struct http_response *resp, int status, int code, const char *message, json_t *data);

#endif
