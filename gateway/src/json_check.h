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
