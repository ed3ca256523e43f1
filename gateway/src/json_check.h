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

#endif
