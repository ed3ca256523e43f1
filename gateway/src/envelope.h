/* The envelope head of a device message, read without parsing the body.
 *
 * Senders write the envelope keys (id, method, device) first and params / result / error last
 * (docs/protocol.md, Envelope), so the gateway reads at most ENVELOPE_HEAD_MAX bytes to learn where a
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
	size_t open; /* offset of the opening brace */
	bool empty;  /* the object has no members */
	bool has_id;
	long long id;    /* the integer id */
	size_t id_key;   /* offset of the quote opening the "id" key */
	size_t id_value; /* the id's digits are [id_value, id_end) */
	size_t id_end;
	size_t id_next; /* offset of the member after the id (past its comma) */
	size_t method;  /* the method's characters (without quotes) are [method, method + method_len) */
	size_t method_len;
	enum envelope_body body;
	size_t body_value;             /* offset of the body's value */
	struct json_check_error fault; /* ENVELOPE_INVALID: where and why the head cannot be read */
};

/* Reads the head of a message: at most its first ENVELOPE_HEAD_MAX bytes, by the JSON rules of
 * json_check.h, with no allocation. Returns the kind (also stored in e->kind). */
enum envelope_kind envelope_scan(const char *data, size_t len, struct envelope *e);

/* Reads the whole message's top-level member names (the head tells only where the envelope keys
 * start; a sender could write one again after the body, and JSON.parse or Python would read the
 * last) and checks them against the head e (envelope_scan's, not ENVELOPE_INVALID): true when
 * every key the gateway routes or rewrites is where the head says and nowhere else. False, with
 * *fault, for a repeated "id", "method", "params", "result" or "error", more than one of the last
 * three, an "id" or "method" the head did not see (after the body), any "device" (only the
 * gateway names devices), or a top-level name written with an escape (it could spell one of
 * those). Linear; string contents are skipped with memchr, nothing is parsed or allocated. */
bool envelope_check_members(const char *data, size_t len, const struct envelope *e, struct json_check_error *fault);

/* The same check fed while the message arrives, so a big message costs the service thread a
 * little per receive call rather than one pass at its end: envelope_members_init, then
 * envelope_members_feed each time more has arrived (data[0, len) is the message so far; it may
 * have moved), then envelope_members_finish with the whole message. The verdict is exactly
 * envelope_check_members', wherever the message was cut. */
struct envelope_members {
	size_t pos;     /* bytes looked at */
	size_t depth;   /* open objects and arrays */
	bool name_next; /* the next string at depth 1 is a member name */
	bool in_string, in_name;
	size_t string_start; /* the open string's quote */
	unsigned seen;       /* routed names met so far */
	size_t id_at, method_at;
	bool failed;
	struct json_check_error fault;
};

void envelope_members_init(struct envelope_members *k);
void envelope_members_feed(struct envelope_members *k, const char *data, size_t len);
bool envelope_members_finish(struct envelope_members *k, const char *data, size_t len, const struct envelope *e,
			     struct json_check_error *fault);

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
