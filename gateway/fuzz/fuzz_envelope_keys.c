/* libFuzzer target for the envelope's duplicate keys: a device message in which a key the gateway
 * routes or rewrites appears twice must be refused, wherever the second one is and whatever comes
 * between. The input is a JSON value V and a scalar S (cut at the first 0xff byte) and a choice
 * byte; the target builds {"id":1,"result":V,"<key>":S} (and the same with an event's
 * {"method":"m","params":V,...}), and whenever jansson reads that as a JSON object (so a browser or
 * Python would take the last of the two keys, or see a key the gateway did not) the member check
 * must refuse it. The raw input is also read as a message, at once and fed in fragments (the
 * same verdict and fault wherever it is cut); any disagreement, offset past the end, or sanitizer
 * report is a finding. */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "envelope.h"

static const char *const routed[] = {"id", "method", "device", "params", "result", "error"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct envelope e;
	struct json_check_error fault, parts_fault;
	if (envelope_scan((const char *)data, size, &e) != ENVELOPE_INVALID) {
		bool ok = envelope_check_members((const char *)data, size, &e, &fault);
		if (!ok && fault.offset > size)
			abort();
		/* fed in fragments of 1 to 16 bytes (by the first byte), the same verdict and fault */
		struct envelope_members k;
		envelope_members_init(&k);
		for (size_t at = 0, step = size ? (size_t)(data[0] & 15) + 1 : 1; at < size; at += step)
			envelope_members_feed(&k, (const char *)data, at);
		bool parts_ok = envelope_members_finish(&k, (const char *)data, size, &e, &parts_fault);
		if (parts_ok != ok ||
		    (!ok && (parts_fault.offset != fault.offset || parts_fault.reason != fault.reason))) {
			fprintf(stderr, "in fragments: %d at %zu, at once: %d at %zu\n", parts_ok, parts_fault.offset,
				ok, fault.offset);
			abort();
		}
	}
	if (size < 1)
		return 0;
	uint8_t choice = data[0];
	const char *rest = (const char *)data + 1;
	size_t n = size - 1;
	const char *cut = memchr(rest, 0xff, n);
	size_t value_len = cut ? (size_t)(cut - rest) : n;
	const char *scalar = cut ? cut + 1 : "1";
	size_t scalar_len = cut ? n - value_len - 1 : 1;
	const char *key = routed[choice % 6];
	bool event = choice & 0x80;
	char *message = malloc(value_len + scalar_len + 64);
	int head = sprintf(message, event ? "{\"method\":\"m\",\"params\":" : "{\"id\":1,\"result\":");
	size_t at = (size_t)head;
	memcpy(message + at, rest, value_len);
	at += value_len;
	at += (size_t)sprintf(message + at, ",\"%s\":", key);
	memcpy(message + at, scalar, scalar_len);
	at += scalar_len;
	message[at++] = '}';
	/* V and S must each be one JSON value, so the key built in is the top level's */
	json_t *v = json_loadb(rest, value_len, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
	json_t *sv = json_loadb(scalar, scalar_len, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
	json_t *parsed = v && sv ? json_loadb(message, at, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL) : NULL;
	json_decref(v);
	json_decref(sv);
	/* The key repeats one of the head's, is a second body key, an id or method after the body, or
	 * a device name: every one of them must be refused. */
	if (json_is_object(parsed) && envelope_scan(message, at, &e) != ENVELOPE_INVALID &&
	    envelope_check_members(message, at, &e, &fault)) {
		fprintf(stderr, "accepted a repeated \"%s\": %.*s\n", key, (int)at, message);
		abort();
	}
	json_decref(parsed);
	free(message);
	return 0;
}
