/* A syntax check of one JSON document (RFC 8259) that builds nothing.
 *
 * The HTTP API hands a device's result to scripts and the CLI as a success, so it must be JSON;
 * but a snapshot can be many megabytes, and the gateway never builds a DOM of it (envelope.h).
 * json_check reads the bytes once, in place, allocates nothing and does not recurse: the open
 * containers are a fixed bit stack, so a document nested deeper than JSON_CHECK_MAX_DEPTH is
 * refused with a message instead of overflowing anything. It checks syntax, and that strings
 * are Unicode text: well-formed UTF-8 (RFC 8259, 8.1) and \u escapes whose surrogates come in
 * pairs (what jansson and WeftSnapshot's reader also require). Duplicate keys, which the grammar
 * allows, pass. */
#ifndef WEFT_JSON_CHECK_H
#define WEFT_JSON_CHECK_H

#include <stdbool.h>
#include <stddef.h>

/* The deepest nesting of objects and arrays accepted: the default of WeftSnapshot's JSONReader,
 * so a snapshot the gateway passes is one the CLI can read. */
#define JSON_CHECK_MAX_DEPTH 1000

struct json_check_error {
	/* The first byte at which the text stops being the start of a JSON document (len when
	 * it ended too early); for bad UTF-8, the first byte of the broken sequence; for an
	 * unpaired surrogate, the backslash of its escape. */
	size_t offset;
	const char *reason; /* static text: what was wrong or expected there */
};

/* True when data[0, len) is exactly one JSON value, with optional whitespace around it;
 * otherwise false, with *err telling where and why. Linear time. */
bool json_check(const char *data, size_t len, struct json_check_error *err);

/* The same check fed in fragments as they arrive, so a big document costs a little per fragment
 * and the verdict at its end is immediate: json_checker_init, then json_checker_feed for each
 * fragment in order, then json_checker_finish. The verdict and the fault (offsets counted from
 * the first byte fed) are exactly json_check's over the fragments put together, wherever they
 * were split. The state is fixed-size (the caller owns it; nothing is allocated). */

/* The token a fragment ended in (the checker's own). */
struct json_token {
	unsigned char in, part;
	unsigned char hex_left;                    /* \u escape: hex digits still to come */
	unsigned char utf8_left, utf8_lo, utf8_hi; /* UTF-8 character: bytes to come, range of the next */
	bool low;                                  /* the \u escape is the low half of a surrogate pair */
	unsigned unit;                             /* \u escape: the code unit so far */
	const char *word;                          /* a literal: the rest of it still to come */
	size_t escape_at;                          /* offset of the escape's (or its high half's) backslash */
	size_t lead_at;                            /* offset of the UTF-8 character's first byte */
};

struct json_checker {
	size_t fed;   /* bytes fed so far */
	size_t depth; /* open objects and arrays */
	unsigned char expect;
	bool failed;
	struct json_check_error err;
	struct json_token token;
	unsigned char is_object[(JSON_CHECK_MAX_DEPTH + 7) / 8]; /* a bit per open level: 1 for an object */
};

void json_checker_init(struct json_checker *k);

/* Checks the next len bytes. False once the text can no longer be JSON (then for good). */
bool json_checker_feed(struct json_checker *k, const char *data, size_t len);

/* The text ended: true when all that was fed is one JSON document, else false with *err. */
bool json_checker_finish(struct json_checker *k, struct json_check_error *err);

/* The same rules one token at a time, for a reader that walks JSON itself and must not read
 * further than it needs (the relay's envelope head, envelope.h). Each reads the token starting
 * exactly at *pos within data[0, len), moves *pos past it and returns true; or returns false with
 * *err as json_check would report the fault, leaving *pos alone. Bytes past len are never read,
 * so a token cut off by len is a fault at len. */

/* A string (its opening quote at *pos). */
bool json_scan_string(const char *data, size_t len, size_t *pos, struct json_check_error *err);

/* A number (RFC 8259, 6: its '-' or first digit at *pos). */
bool json_scan_number(const char *data, size_t len, size_t *pos, struct json_check_error *err);

/* A string, number, true, false or null: any value but an object or array. */
bool json_scan_scalar(const char *data, size_t len, size_t *pos, struct json_check_error *err);

/* The offset of the first byte at or after pos that is not JSON whitespace (len when none). */
size_t json_skip_space(const char *data, size_t len, size_t pos);

#endif
