/* libFuzzer target for the JSON checks that run while a reply arrives: whatever the bytes and
 * wherever the fragments are cut, the resumable checker (json_checker_feed) must give exactly the
 * verdict, offset and reason of the one-shot check (json_check), and a reply's check fed in
 * fragments (reply_check_feed) exactly the answer of the same reply fed at once. The first input
 * byte chooses the fragment sizes (its low 4 bits, 1-16 bytes, and every seventh fragment one
 * byte long); the rest is the text. Any disagreement, out-of-bounds read or sanitizer report is a
 * finding. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "envelope.h"
#include "http_api.h"
#include "json_check.h"
#include "reply_check.h"

/* The length of fragment number i for the choice byte c. */
static size_t fragment(uint8_t c, size_t i) { return i % 7 == 6 ? 1 : (size_t)(c & 15) + 1; }

static void disagree(const char *what, bool a_ok, const struct json_check_error *a, bool b_ok,
		     const struct json_check_error *b)
{
	fprintf(stderr, "%s: at once %s at %zu (%s), in fragments %s at %zu (%s)\n", what, a_ok ? "ok" : "refused",
		a->offset, a_ok ? "" : a->reason, b_ok ? "ok" : "refused", b->offset, b_ok ? "" : b->reason);
	abort();
}

static bool same(bool a_ok, const struct json_check_error *a, bool b_ok, const struct json_check_error *b)
{
	return a_ok == b_ok && (a_ok || (a->offset == b->offset && a->reason == b->reason));
}

static void check_document(uint8_t choice, const char *text, size_t len)
{
	struct json_check_error once = {0}, parts = {0};
	bool once_ok = json_check(text, len, &once);
	struct json_checker k;
	json_checker_init(&k);
	for (size_t at = 0, i = 0; at < len; i++) {
		size_t n = fragment(choice, i);
		if (n > len - at)
			n = len - at;
		json_checker_feed(&k, text + at, n);
		at += n;
	}
	bool parts_ok = json_checker_finish(&k, &parts);
	if (!same(once_ok, &once, parts_ok, &parts))
		disagree("json_checker", once_ok, &once, parts_ok, &parts);
}

static void check_reply(uint8_t choice, const char *text, size_t len)
{
	struct envelope e;
	if (envelope_scan(text, len, &e) != ENVELOPE_REPLY)
		return;
	for (int mode = HTTP_SNAPSHOT; mode <= HTTP_CALL; mode++) {
		struct reply_check whole, parts;
		struct json_check_error whole_err = {0}, parts_err = {0};
		reply_check_start(&whole, mode, &e);
		bool whole_ok = reply_check_finish(&whole, text, len, &whole_err);
		reply_check_start(&parts, mode, &e);
		size_t arrived = 0;
		for (size_t i = 0; arrived < len; i++) {
			size_t n = fragment(choice, i);
			arrived += n > len - arrived ? len - arrived : n;
			reply_check_feed(&parts, text, arrived); /* the reply so far, as the server has it */
		}
		bool parts_ok = reply_check_finish(&parts, text, len, &parts_err);
		if (!same(whole_ok, &whole_err, parts_ok, &parts_err))
			disagree(mode == HTTP_SNAPSHOT ? "reply_check (snapshot)" : "reply_check (call)", whole_ok,
				 &whole_err, parts_ok, &parts_err);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	/* A copy of exactly the text, so that a read past its end is an ASan report. */
	size_t len = size - 1;
	char *text = malloc(len ? len : 1);
	if (!text)
		return 0;
	for (size_t i = 0; i < len; i++)
		text[i] = (char)data[i + 1];
	check_document(data[0], text, len);
	check_reply(data[0], text, len);
	free(text);
	return 0;
}
