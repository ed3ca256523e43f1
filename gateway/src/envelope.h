/* The envelope head of a device message, read without parsing the body.
 *
 * Senders write the envelope keys (id, method, device) first and params / result / error last
 * (protocol.md, Envelope), so the gateway reads at most ENVELOPE_HEAD_MAX bytes to learn where a
 * message goes. It stops at the first body key; the body (a megabyte snapshot, a burst of update
 * ops) is forwarded as it came. The edits below change only the head, in place, using the
 * message's headroom, so a body is never copied again. */
#ifndef WEFT_ENVELOPE_H
#define WEFT_ENVELOPE_H

#include <stdbool.h>
#include <stddef.h>

#include "json_check.h"
#include "msg.h"

#define ENVELOPE_HEAD_MAX 256

enum envelope_kind {
	ENVELOPE_INVALID, /* the head cannot be read: not an object, bad syntax, or too long (see fault) */
	ENVELOPE_EVENT,   /* method, no id */
	ENVELOPE_REQUEST, /* method and id */
	ENVELOPE_REPLY,   /* id and result or error */
};

enum envelope_body { BODY_NONE, BODY_PARAMS, BODY_RESULT, BODY_ERROR };

struct envelope {
	enum envelope_kind kind;
	size_t open;        /* offset of the opening brace */
	bool empty;         /* the object has no members */
	bool has_id;
	long long id;       /* the integer id */
	size_t id_key;      /* offset of the quote opening the "id" key */
	size_t id_value;    /* the id's digits are [id_value, id_end) */
	size_t id_end;
	size_t id_next;     /* offset of the member after the id (past its comma) */
	size_t method;      /* the method's characters (without quotes) are [method, method + method_len) */
	size_t method_len;
	enum envelope_body body;
	size_t body_value;  /* offset of the body's value */
	struct json_check_error fault; /* ENVELOPE_INVALID: where and why the head cannot be read */
};

/* Reads the head of a message: at most its first ENVELOPE_HEAD_MAX bytes, by the JSON rules of
 * json_check.h, with no allocation. Returns the kind (also stored in e->kind). */
enum envelope_kind envelope_scan(const char *data, size_t len, struct envelope *e);

/* The keys the gateway routes or rewrites, as bits of envelope_members().keys. */
enum envelope_key {
	KEY_ID = 1 << 0,
	KEY_METHOD = 1 << 1,
	KEY_DEVICE = 1 << 2,
	KEY_PARAMS = 1 << 3,
	KEY_RESULT = 1 << 4,
	KEY_ERROR = 1 << 5,
};

/* Reads the whole message's top-level member names (the head only tells where the envelope
 * keys start; a sender could repeat one after the body, and JSON.parse or Python would read the
 * last). Returns false, with *fault, when a routed key appears twice, more than one of params /
 * result / error appears, or a top-level name is written with an escape (it could spell a routed
 * key). Otherwise *keys holds the routed keys present. Linear; strings are skipped with memchr. */
bool envelope_members(const char *data, size_t len, unsigned *keys, struct json_check_error *fault);

/* True when the method equals name. */
bool envelope_method_is(const char *data, const struct envelope *e, const char *name);

/* Inserts a member (e.g. "device":"d1", given without braces or commas) right after the opening
 * brace. Returns false when it does not fit in the headroom (never for MSG_EDIT_ROOM-sized
 * members). The envelope offsets are stale afterwards. */
bool envelope_insert_member(struct msg *m, const struct envelope *e, const char *member, size_t len);

/* Replaces the id's digits with new_id. Returns false when it does not fit. */
bool envelope_rewrite_id(struct msg *m, const struct envelope *e, long long new_id);

/* Removes the "id" member (turning a reply into the HTTP API's {"result"} / {"error"}). */
bool envelope_remove_id(struct msg *m, const struct envelope *e);

/* The body value's bytes, assuming the body is the last member (the senders' key order): from
 * body_value to before the final closing brace. False when there is no body or no brace. */
bool envelope_body_slice(const char *data, size_t len, const struct envelope *e, size_t *start, size_t *slice_len);

#endif
