/* Unit tests of the socket-free parts: the envelope head reader and its in-place edits, the
 * bounded queues, the JSON syntax check (at once and fed in fragments) and the HTTP API's check of
 * a reply as it arrives, the registry (stable ids, selectors), the access rules, static file
 * resolution, and the relay driven through fake transport hooks. Expected values are derived
 * from docs/protocol.md by hand (see the comments). */
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "access.h"
#include "devtools.h"
#include "check.h"
#include "envelope.h"
#include "http_api.h"
#include "json_check.h"
#include "log.h"
#include "options.h"
#include "protocol.h"
#include "queue.h"
#include "registry.h"
#include "relay.h"
#include "reply_check.h"
#include "static_files.h"
#include "ws_frame_scan.h"

/* ---- envelope ---- */

static enum envelope_kind scan(const char *text, struct envelope *e) { return envelope_scan(text, strlen(text), e); }

static void test_envelope_kinds(void)
{
	struct envelope e;
	/* Event: method and no id. */
	CHECK_INT(scan("{\"method\":\"Tree.updated\",\"params\":{\"ops\":[]}}", &e), ENVELOPE_EVENT);
	CHECK_INT(e.body, BODY_PARAMS);
	CHECK(envelope_method_is("{\"method\":\"Tree.updated\",\"params\":{}}", &e, "Tree.updated"));
	/* Request: id and method, whitespace anywhere JSON allows it. */
	CHECK_INT(scan(" { \"id\" : 42 , \"method\" : \"Gateway.register\" , \"params\" : {} } ", &e),
		  ENVELOPE_REQUEST);
	CHECK_INT(e.id, 42);
	/* Replies: id with result or error. */
	CHECK_INT(scan("{\"id\":7,\"result\":{\"x\":1}}", &e), ENVELOPE_REPLY);
	CHECK_INT(e.body, BODY_RESULT);
	CHECK_INT(scan("{\"id\":7,\"error\":{\"code\":-32601}}", &e), ENVELOPE_REPLY);
	CHECK_INT(e.body, BODY_ERROR);
	/* An event with no params at all ends inside the head. */
	CHECK_INT(scan("{\"method\":\"Runtime.tick\"}", &e), ENVELOPE_EVENT);
	/* Unknown scalar members are skipped; strings may hold escapes. */
	CHECK_INT(scan("{\"jsonrpc\":\"2.0\",\"method\":\"A\\\"b\",\"n\":-1.5e3,\"t\":true,\"params\":{}}", &e),
		  ENVELOPE_EVENT);
	/* Unreadable heads: not an object, no method or result, result without id, bad syntax,
	 * fractional or huge ids, duplicate ids, an empty method. */
	const char *bad[] = {"",
			     "[]",
			     "\"x\"",
			     "{}",
			     "{\"params\":{}}",
			     "{\"result\":1}",
			     "{\"id\":1}",
			     "{\"id\":1.5,\"result\":1}",
			     "{\"id\":12345678901234567890,\"result\":1}",
			     "{\"id\":1,\"id\":2,\"result\":1}",
			     "{\"method\":\"\",\"params\":{}}",
			     "{\"method\":3}",
			     "{method:\"x\"}",
			     "{\"method\":\"x\" \"params\":{}}",
			     "{\"id\":tru,\"result\":1}",
			     "nul"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (scan(bad[i], &e) != ENVELOPE_INVALID) {
			fprintf(stderr, "  accepted: %s\n", bad[i]);
			CHECK(0);
		}
}

/* The head is read by json_check's rules (RFC 8259), so a head the loose scanner it replaced let
 * through is refused, with the offset and reason a JSON reader would give. Offsets are counted
 * by hand (0 is the opening brace). */
static void test_envelope_head_obeys_json_rules(void)
{
	static const struct {
		const char *text, *reason;
		size_t offset;
	} bad[] = {
		/* "id":01 -> '0' at 6, a second digit at 7: RFC 8259 forbids leading zeros. */
		{"{\"id\":01,\"result\":1}", "leading zero in a number", 7},
		/* "seq":1.2.3 -> the number is 1.2 (31..33); the second '.' at 34 cannot follow it. */
		{"{\"method\":\"Tree.updated\",\"seq\":1.2.3,\"params\":{}}",
		 "expected ',' or '}' after an object member", 34},
		/* "A\qb": the backslash at 12, 'q' at 13 is no escape. */
		{"{\"method\":\"A\\qb\",\"params\":{}}",
		 "invalid escape (expected one of \" \\ / b f n r t u after \\)", 13},
		/* "n":- -> a '-' at 5 and no digit at 6. */
		{"{\"n\":-,\"method\":\"X\"}", "expected a digit after '-'", 6},
		/* "n":0x1F -> the number is 0 (5); 'x' at 6. */
		{"{\"n\":0x1F,\"method\":\"X\"}", "expected ',' or '}' after an object member", 6},
		/* "caf" then 0xC3 at 14 followed by '"', not a continuation byte. */
		{"{\"method\":\"caf\xC3\",\"params\":{}}", "invalid UTF-8 in a string", 14},
		/* Valid numbers that are no ids: 1e2 ('e' at 7), 19 digits (from 6). */
		{"{\"id\":1e2,\"result\":1}", "\"id\" must be an integer", 7},
		{"{\"id\":1234567890123456789,\"result\":1}", "\"id\" has more than 18 digits", 6},
		{"{\"id\":\"7\",\"result\":1}", "\"id\" must be an integer", 6},
		/* Envelope keys of the wrong type (the value at 10). */
		{"{\"method\":3}", "\"method\" must be a string", 10},
		{"{\"method\":\"\",\"params\":{}}", "\"method\" must not be empty", 10},
		{"{\"device\":1,\"method\":\"X\"}", "\"device\" must be a string", 10},
		/* No envelope: a result without id stops at its key (1); {} at its '}' (1). */
		{"{\"result\":1}", "a \"result\" or \"error\" needs an \"id\" before it", 1},
		{"{}", "expected \"method\", or \"id\" with \"result\" or \"error\"", 1},
		{"[]", "expected '{': a message is a JSON object", 0},
		/* The second "id" key's quote is at 8. */
		{"{\"id\":1,\"id\":2,\"result\":1}", "duplicate \"id\"", 8},
		/* "x" is 10..12, a space at 13, the next key's quote at 14 with no comma. */
		{"{\"method\":\"x\" \"params\":{}}", "expected ',' or '}' after an object member", 14},
		{"{method:\"x\"}", "expected '\"' to open an object key", 1},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct envelope e;
		if (scan(bad[i].text, &e) != ENVELOPE_INVALID) {
			fprintf(stderr, "  accepted: %s\n", bad[i].text);
			CHECK(0);
			continue;
		}
		if (e.fault.offset != bad[i].offset || !e.fault.reason || strcmp(e.fault.reason, bad[i].reason) != 0) {
			fprintf(stderr, "  %s: got \"%s\" at %zu\n", bad[i].text, e.fault.reason ? e.fault.reason : "",
				e.fault.offset);
			CHECK(0);
		}
	}
	/* What JSON allows still passes: exponents, literals, escapes, a surrogate pair, -0. */
	struct envelope e;
	CHECK_INT(scan("{\"id\":-0,\"method\":\"X\\u00e9\",\"n\":-1.5E+3,\"t\":true,\"f\":false,\"z\":null,"
		       "\"s\":\"\\ud83d\\ude00\\/\",\"params\":{}}",
		       &e),
		  ENVELOPE_REQUEST);
	CHECK_INT(e.id, 0);
}

static void test_envelope_head_is_bounded(void)
{
	/* A head longer than ENVELOPE_HEAD_MAX (a 300-byte method) cannot be read... */
	char text[600];
	memset(text, 0, sizeof text);
	strcpy(text, "{\"method\":\"");
	memset(text + strlen(text), 'a', 300);
	strcat(text, "\",\"params\":{}}");
	struct envelope e;
	CHECK_INT(scan(text, &e), ENVELOPE_INVALID);
	CHECK_INT(e.fault.offset, ENVELOPE_HEAD_MAX);
	CHECK_STR(e.fault.reason, "the envelope keys must come within the first 256 bytes");
	/* ...also when the bound cuts a UTF-8 character: "{\"method\":\"" is bytes 0..10, 244 'a's
	 * fill 11..254, and the two bytes of U+00E9 sit at 255 and 256. */
	memset(text, 0, sizeof text);
	strcpy(text, "{\"method\":\"");
	memset(text + strlen(text), 'a', 244);
	strcat(text, "\xC3\xA9\",\"params\":{}}");
	CHECK_INT(scan(text, &e), ENVELOPE_INVALID);
	CHECK_INT(e.fault.offset, ENVELOPE_HEAD_MAX);
	CHECK_STR(e.fault.reason, "the envelope keys must come within the first 256 bytes");
	/* ...while a body of any size behind a short head is never looked at. */
	size_t big = 1 << 20;
	char *body = malloc(big + 64);
	int n = sprintf(body, "{\"id\":3,\"result\":");
	memset(body + n, '[', big); /* not even valid JSON: the gateway does not parse bodies */
	body[n + big] = '}';
	CHECK_INT(envelope_scan(body, n + big + 1, &e), ENVELOPE_REPLY);
	free(body);
}

static void test_envelope_edits(void)
{
	/* Insert "device" after the brace: the body bytes stay where they are. */
	const char *event = "{\"method\":\"Tree.updated\",\"params\":{\"revision\":2}}";
	struct msg *m = msg_from(event, strlen(event));
	char *body_before = strstr(m->data, "\"params\"");
	struct envelope e;
	envelope_scan(m->data, m->len, &e);
	CHECK(envelope_insert_member(m, &e, "\"device\":\"d1\"", 13));
	CHECK_STR(m->data, "{\"device\":\"d1\",\"method\":\"Tree.updated\",\"params\":{\"revision\":2}}");
	CHECK(strstr(m->data, "\"params\"") == body_before);
	CHECK_INT(m->len, strlen(m->data));
	msg_unref(m);
	/* Leading whitespace before the brace is dropped with it. */
	m = msg_from("  {\"method\":\"X\"}", 16);
	envelope_scan(m->data, m->len, &e);
	CHECK(envelope_insert_member(m, &e, "\"device\":\"d1\"", 13));
	CHECK_STR(m->data, "{\"device\":\"d1\",\"method\":\"X\"}");
	msg_unref(m);

	/* Rewrite a reply id to a longer and to a shorter one. */
	const char *reply = "{\"id\":5,\"result\":{\"ok\":true}}";
	m = msg_from(reply, strlen(reply));
	envelope_scan(m->data, m->len, &e);
	CHECK(envelope_rewrite_id(m, &e, 123456789012LL));
	CHECK_STR(m->data, "{\"id\":123456789012,\"result\":{\"ok\":true}}");
	msg_unref(m);
	const char *long_reply = "{ \"id\": 123456, \"error\": {\"code\": 1}}";
	m = msg_from(long_reply, strlen(long_reply));
	envelope_scan(m->data, m->len, &e);
	CHECK(envelope_rewrite_id(m, &e, 7));
	CHECK_STR(m->data, "{ \"id\": 7, \"error\": {\"code\": 1}}");
	CHECK_INT(m->len, strlen(m->data));
	msg_unref(m);

	/* Remove the id: the HTTP API's {"result": ...}. */
	m = msg_from(reply, strlen(reply));
	envelope_scan(m->data, m->len, &e);
	CHECK(envelope_remove_id(m, &e));
	CHECK_STR(m->data, "{\"result\":{\"ok\":true}}");
	msg_unref(m);

	/* The body slice is the result's value. */
	const char *snap = "{\"id\":9,\"result\": {\"format\":\"weft.snapshot\"} \n}";
	envelope_scan(snap, strlen(snap), &e);
	size_t start, len;
	CHECK(envelope_body_slice(snap, strlen(snap), &e, &start, &len));
	CHECK_INT(len, strlen("{\"format\":\"weft.snapshot\"}"));
	CHECK(strncmp(snap + start, "{\"format\":\"weft.snapshot\"}", len) == 0);
}

/* ---- queue ---- */

static void test_queue_limits(void)
{
	struct queue q;
	queue_init(&q, 100, 250);
	struct msg *m60 = msg_new(60);
	m60->len = 60;
	const int dev_a = 0, dev_b = 0;
	/* An empty queue takes anything; events stop at 100 bytes, other messages at 250. */
	CHECK_INT(queue_push(&q, m60, QI_EVENT, &dev_a), QUEUE_OK);
	CHECK_INT(queue_push(&q, m60, QI_EVENT, &dev_a), QUEUE_REFUSED); /* 120 > 100 */
	CHECK_INT(queue_push(&q, m60, QI_MESSAGE, NULL), QUEUE_OK);      /* 120 <= 250 */
	CHECK_INT(queue_push(&q, m60, QI_MESSAGE, NULL), QUEUE_OK);      /* 180 */
	CHECK_INT(queue_push(&q, m60, QI_MESSAGE, NULL), QUEUE_OK);      /* 240 */
	CHECK_INT(queue_push(&q, m60, QI_MESSAGE, NULL), QUEUE_REFUSED); /* 300 > 250 */
	CHECK_INT(q.bytes, 240);
	CHECK_INT(m60->refs, 5); /* one message, shared by four queue entries */
	queue_clear(&q);
	CHECK_INT(m60->refs, 1);

	/* Dropping events keeps messages, other devices' events, and a head being written. */
	queue_init(&q, 1000, 1000);
	queue_push(&q, m60, QI_EVENT, &dev_a);
	queue_push(&q, m60, QI_MESSAGE, NULL);
	queue_push(&q, m60, QI_EVENT, &dev_b);
	queue_push(&q, m60, QI_EVENT, &dev_a);
	q.sent = 10; /* the head has started to go out */
	CHECK_INT(queue_drop_events(&q, &dev_a), 1);
	CHECK_INT(q.count, 3);
	CHECK(q.head->kind == QI_EVENT && q.head->tag == &dev_a);
	CHECK(q.tail->kind == QI_EVENT && q.tail->tag == &dev_b);
	queue_clear(&q);
	msg_unref(m60);
}

/* ---- registry ---- */

static void test_registry_ids_and_selectors(void)
{
	struct registry reg;
	registry_init(&reg);
	bool created;
	struct device *a = registry_bind(&reg, "org.app", "default", "h1", &created);
	CHECK(created);
	/* docs/protocol.md: "d" and 12 hex digits derived from the identity. */
	CHECK_INT(strlen(a->id), 13);
	CHECK(a->id[0] == 'd' && strspn(a->id + 1, "0123456789abcdef") == 12);
	struct device *b = registry_bind(&reg, "org.app", "second", "h1", &created);
	CHECK(strcmp(a->id, b->id) != 0);
	struct device *again = registry_bind(&reg, "org.app", "default", "h1", &created);
	CHECK(!created && again == a);
	struct device *other = registry_bind(&reg, "org.other", "default", "h1", &created);
	CHECK(strcmp(other->id, a->id) != 0 && strcmp(other->id, b->id) != 0);
	/* The parts are kept apart: moving a character from one to the next is another identity. */
	struct device *shifted = registry_bind(&reg, "org.ap", "pdefault", "h1", &created);
	CHECK(created && strcmp(shifted->id, a->id) != 0);
	registry_remove(&reg, shifted);

	/* A restarted gateway (a new registry) gives each identity the same id, whatever order the
	 * programs come back in: the ids cannot swap (docs/protocol.md, identity). */
	struct registry restarted;
	registry_init(&restarted);
	CHECK_STR(registry_bind(&restarted, "org.other", "default", "h1", &created)->id, other->id);
	CHECK_STR(registry_bind(&restarted, "org.app", "second", "h1", &created)->id, b->id);
	CHECK_STR(registry_bind(&restarted, "org.app", "default", "h1", &created)->id, a->id);
	registry_free(&restarted);

	/* Selectors: a deviceId, appId@instance, or an appId naming exactly one device. */
	struct device *d = NULL;
	json_t *candidates = NULL;
	CHECK_INT(registry_resolve(&reg, b->id, &d, NULL), RESOLVE_OK);
	CHECK(d == b);
	CHECK_INT(registry_resolve(&reg, "org.app@second", &d, NULL), RESOLVE_OK);
	CHECK(d == b);
	CHECK_INT(registry_resolve(&reg, "org.other", &d, NULL), RESOLVE_OK);
	CHECK(d == other);
	CHECK_INT(registry_resolve(&reg, "org.app", &d, &candidates), RESOLVE_AMBIGUOUS);
	CHECK_INT(json_array_size(candidates), 2);
	json_decref(candidates);
	CHECK_INT(registry_resolve(&reg, "org.nope", &d, NULL), RESOLVE_UNKNOWN);
	CHECK_INT(registry_resolve(&reg, "org.app@third", &d, NULL), RESOLVE_UNKNOWN);
	CHECK_INT(registry_resolve(&reg, "d000000000000", &d, NULL), RESOLVE_UNKNOWN);

	/* Removed and bound again, an identity gets its old id back (stable for the gateway's life). */
	char old_id[24], member[64];
	snprintf(old_id, sizeof old_id, "%s", a->id);
	registry_remove(&reg, a);
	CHECK_INT(registry_resolve(&reg, old_id, &d, NULL), RESOLVE_UNKNOWN);
	struct device *back = registry_bind(&reg, "org.app", "default", "h1", &created);
	CHECK(created);
	CHECK_STR(back->id, old_id);
	snprintf(member, sizeof member, "\"device\":\"%s\"", old_id);
	CHECK_STR(back->member, member);

	/* Attaching is a set. */
	struct peer *p = (struct peer *)&reg; /* any distinct address */
	CHECK(device_attach(back, p));
	CHECK(!device_attach(back, p));
	CHECK_INT(back->n_inspectors, 1);
	CHECK(device_detach(back, p));
	CHECK(!device_detach(back, p));
	registry_free(&reg);
}

/* ---- access ---- */

static void test_access_rules(void)
{
	const char *hosts[] = {"myhost:8000", "box.local"};
	const char *origins[] = {"http://dev.example:3000"};
	struct access_policy a = {.token = "s3cret",
				  .host = "127.0.0.1",
				  .port = 9300,
				  .allow_hosts = hosts,
				  .n_allow_hosts = 2,
				  .allow_origins = origins,
				  .n_allow_origins = 1};
	/* Host: loopback names with the gateway's port, --allow-host entries; others 421. */
	CHECK(access_host_ok(&a, "127.0.0.1:9300"));
	CHECK(access_host_ok(&a, "localhost:9300"));
	CHECK(access_host_ok(&a, "LOCALHOST:9300"));
	CHECK(access_host_ok(&a, "[::1]:9300"));
	CHECK(access_host_ok(&a, "myhost:8000"));
	CHECK(access_host_ok(&a, "box.local:9300"));
	CHECK(!access_host_ok(&a, "127.0.0.1:9301"));
	CHECK(!access_host_ok(&a, "evil.example:9300"));
	CHECK(!access_host_ok(&a, "127.0.0.1"));
	CHECK(!access_host_ok(&a, NULL));
	/* Origin on /inspector and the API: none, the gateway itself, or listed; else 403. */
	CHECK(access_origin_ok(&a, NULL, "127.0.0.1:9300", false));
	CHECK(access_origin_ok(&a, "http://127.0.0.1:9300", "127.0.0.1:9300", false));
	CHECK(access_origin_ok(&a, "http://localhost:9300", "localhost:9300", false));
	CHECK(!access_origin_ok(&a, "http://localhost:9300", "127.0.0.1:9300", false));
	CHECK(!access_origin_ok(&a, "http://evil.example", "127.0.0.1:9300", false));
	CHECK(!access_origin_ok(&a, "null", "127.0.0.1:9300", false));
	CHECK(!access_origin_ok(&a, "ftp://127.0.0.1:9300", "127.0.0.1:9300", false));
	CHECK(access_origin_ok(&a, "http://dev.example:3000", "127.0.0.1:9300", false));
	/* /device: pages (a scheme, or null) are refused unless listed; bare hosts pass. */
	CHECK(access_origin_ok(&a, "127.0.0.1", "127.0.0.1:9300", true));
	CHECK(access_origin_ok(&a, "somehost", "127.0.0.1:9300", true));
	CHECK(!access_origin_ok(&a, "http://127.0.0.1:9300", "127.0.0.1:9300", true));
	CHECK(!access_origin_ok(&a, "file://", "127.0.0.1:9300", true));
	CHECK(!access_origin_ok(&a, "null", "127.0.0.1:9300", true));
	CHECK(access_origin_ok(&a, "http://dev.example:3000", "127.0.0.1:9300", true));
	/* Token: ?token=T or Authorization: Bearer T. */
	CHECK(access_token_ok(&a, "s3cret", NULL));
	CHECK(access_token_ok(&a, NULL, "Bearer s3cret"));
	CHECK(access_token_ok(&a, NULL, "bearer s3cret"));
	CHECK(!access_token_ok(&a, NULL, NULL));
	CHECK(!access_token_ok(&a, "s3cre", NULL));
	CHECK(!access_token_ok(&a, "s3cretx", NULL));
	CHECK(!access_token_ok(&a, NULL, "Basic s3cret"));
	a.token = NULL;
	CHECK(access_token_ok(&a, NULL, NULL));
}

/* A string of n copies of c (malloc'd). */
static char *repeated(char c, size_t n)
{
	char *s = malloc(n + 1);
	memset(s, c, n);
	s[n] = '\0';
	return s;
}

static void test_access_fails_closed_on_every_length(void)
{
	/* issue 27: an Origin that could not be read was taken for none. Every value, at every
	 * length around the old and new bounds, unreadable or too long, is refused: never skipped. */
	struct access_policy open_gateway = {.host = "127.0.0.1", .port = 9300};
	struct access_policy with_token = {.token = "t", .host = "127.0.0.1", .port = 9300};
	const size_t lengths[] = {0, 1, 200, 244, 245, 255, 256, 257, 300, 511, 512, 513, 4096};
	for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
		size_t n = lengths[i];
		char *name = repeated('a', n), *value = malloc(n + 32);
		snprintf(value, n + 32, "http://%s:9300", name);
		const char *why = NULL;
		/* A page's Origin from a long host name: refused on every endpoint (403, or 431 when
		 * it does not fit), never let through. */
		for (int device = 0; device < 2; device++) {
			struct access_request r = {.host = {.text = "127.0.0.1:9300"},
						   .origin = {.text = value},
						   .needs_token = true,
						   .device_path = device};
			int status = access_check(&open_gateway, &r, &why);
			CHECK(status == 403 || status == 431);
			CHECK_INT(status == 431, strlen(value) > ACCESS_HEADER_MAX);
		}
		/* The same header unreadable (the transport could not copy it): 431, whatever else. */
		struct access_request unreadable[] = {
			{.host = {.unreadable = true}},
			{.host = {.text = "127.0.0.1:9300"}, .origin = {.unreadable = true}},
			{.host = {.text = "127.0.0.1:9300"},
			 .authorization = {.unreadable = true},
			 .needs_token = true},
			{.host = {.text = "127.0.0.1:9300"}, .query_token = {.unreadable = true}, .needs_token = true},
		};
		for (size_t k = 0; k < sizeof unreadable / sizeof unreadable[0]; k++)
			CHECK_INT(access_check(&with_token, &unreadable[k], &why), 431);
		/* A long Host (an --allow-host name cut short must not match either). */
		char *host = malloc(n + 16);
		snprintf(host, n + 16, "%s:9300", name);
		struct access_request r = {.host = {.text = host}};
		int status = access_check(&open_gateway, &r, &why);
		CHECK(status == 421 || status == 431);
		/* A long token: the right token with more after it is wrong. */
		char *token = malloc(n + 8);
		snprintf(token, n + 8, "t%s", name);
		struct access_request t = {.host = {.text = "127.0.0.1:9300"},
					   .query_token = {.text = token},
					   .needs_token = true};
		CHECK_INT(access_check(&with_token, &t, &why), n == 0                              ? 0
							       : strlen(token) > ACCESS_HEADER_MAX ? 431
												   : 401);
		free(token);
		free(host);
		free(name);
		free(value);
	}
	/* An --allow-host longer than any buffer matches only itself with the port. */
	char *long_name = repeated('b', 400), header[512];
	const char *hosts[] = {long_name};
	struct access_policy a = {.host = "127.0.0.1", .port = 9300, .allow_hosts = hosts, .n_allow_hosts = 1};
	snprintf(header, sizeof header, "%s:9300", long_name);
	CHECK(access_host_ok(&a, header));
	header[299] = '\0'; /* where the old 300-byte buffer cut it */
	CHECK(!access_host_ok(&a, header));
	free(long_name);
	/* The rules still pass what they should. */
	struct access_request fine = {.host = {.text = "localhost:9300"},
				      .origin = {.text = "http://localhost:9300"},
				      .needs_token = true};
	const char *why = NULL;
	CHECK_INT(access_check(&open_gateway, &fine, &why), 0);
	fine.query_token.text = "t";
	CHECK_INT(access_check(&with_token, &fine, &why), 0);
}

static void test_json_content_type_is_exact(void)
{
	const char *good[] = {"application/json",
			      "Application/JSON",
			      "application/json; charset=utf-8",
			      "application/json;charset=UTF-8",
			      " application/json",
			      "application/json ;x=y"};
	const char *bad[] = {NULL,
			     "",
			     "application/jsonx",
			     "application/json-seq",
			     "application/json5",
			     "text/plain",
			     "application/js",
			     "xapplication/json",
			     "application/json,text/plain"};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
		CHECK(http_api_json_content_type(good[i]));
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (http_api_json_content_type(bad[i])) {
			fprintf(stderr, "  accepted: %s\n", bad[i]);
			CHECK(0);
		}
}

static void test_log_escapes_control_characters(void)
{
	char out[256];
	log_escape("org.app\x1b[2J\r\nforged line\x07\x7f \\ ok \xc2\x9b"
		   "31m caf\xc3\xa9",
		   out, sizeof out);
	CHECK_STR(out, "org.app\\x1b[2J\\x0d\\x0aforged line\\x07\\x7f \\\\ ok \\u009b31m caf\xc3\xa9");
	/* Cut to fit, never in the middle of an escape, always terminated. */
	char small[8];
	log_escape("\x01\x02\x03", small, sizeof small);
	CHECK_STR(small, "\\x01");
	log_escape("abcd\x01", small, sizeof small);
	CHECK_STR(small, "abcd");
}

/* ---- static files ---- */

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* ---- ws_frame_scan: the frame headers of a client's stream ---- */

enum { LEN7, LEN16, LEN64 };

/* Appends a client frame of payload_len bytes to buf at *n, its length written in the given form
 * (libwebsockets reads longer forms than needed alike). Returns the frame's first byte's offset. */
static size_t put_frame(unsigned char *buf, size_t *n, int opcode, bool fin, bool masked, size_t payload_len, int form)
{
	size_t start = *n, at = *n;
	buf[at++] = (unsigned char)((fin ? 0x80 : 0) | opcode);
	unsigned char mask = masked ? 0x80 : 0;
	if (form == LEN7) {
		buf[at++] = (unsigned char)(mask | payload_len);
	} else if (form == LEN16) {
		buf[at++] = mask | 126;
		buf[at++] = (unsigned char)(payload_len >> 8);
		buf[at++] = (unsigned char)payload_len;
	} else {
		buf[at++] = mask | 127;
		for (int shift = 56; shift >= 0; shift -= 8)
			buf[at++] = (unsigned char)((uint64_t)payload_len >> shift);
	}
	if (masked)
		for (int i = 0; i < 4; i++)
			buf[at++] = (unsigned char)(0x37 + i);
	for (size_t i = 0; i < payload_len; i++) /* payload that looks like headers: it must be skipped */
		buf[at++] = (unsigned char)(i % 3 == 0 ? 0x81 : i % 3 == 1 ? 0x05 : 0x7f);
	*n = at;
	return start;
}

/* A masked stream of every shape: lengths in all three forms (at their limits, and 64-bit ones
 * past 16 bits), an empty frame, a fragmented message with control frames between its parts. */
static size_t masked_traffic(unsigned char *buf)
{
	size_t n = 0;
	put_frame(buf, &n, 1, true, true, 0, LEN7);
	put_frame(buf, &n, 1, true, true, 125, LEN7);
	put_frame(buf, &n, 1, true, true, 126, LEN16);
	put_frame(buf, &n, 1, true, true, 3, LEN64);
	put_frame(buf, &n, 1, false, true, 7, LEN7); /* a message in three fragments ... */
	put_frame(buf, &n, 9, true, true, 4, LEN7);  /* ... a ping between them ... */
	put_frame(buf, &n, 0, false, true, 2, LEN16);
	put_frame(buf, &n, 10, true, true, 0, LEN7); /* ... and a pong */
	put_frame(buf, &n, 0, true, true, 5, LEN7);
	return n;
}

/* Feeds p cut into three pieces at every pair of places. The bytes handed on must be all of them,
 * or when a frame is refused (fault, shown at the byte that shows it), exactly those before that
 * byte, wherever the cuts fall. */
static bool scan_every_split(const unsigned char *p, size_t n, enum ws_frame_fault fault, size_t shown)
{
	for (size_t i = 0; i <= n; i++)
		for (size_t j = i; j <= n; j++) {
			struct ws_frame_scan s = {0};
			size_t cuts[4] = {0, i, j, n}, handed_on = 0, want = fault ? shown : n;
			bool stopped = false;
			for (int k = 0; k < 3; k++) {
				size_t len = cuts[k + 1] - cuts[k], got = ws_frame_scan_feed(&s, p + cuts[k], len);
				if (!stopped)
					handed_on += got;
				stopped = stopped || got < len;
			}
			if (handed_on != want || s.fault != fault) {
				fprintf(stderr, "  cut at %zu and %zu: %zu handed on (want %zu), fault %d (want %d)\n",
					i, j, handed_on, want, (int)s.fault, (int)fault);
				return false;
			}
		}
	return true;
}

static void test_ws_frame_scan_every_split(void)
{
	static unsigned char buf[4096];
	size_t n = masked_traffic(buf);
	CHECK(scan_every_split(buf, n, WS_FRAME_OK, 0));

	/* An unmasked frame of each kind and length form, between masked traffic: refused at its
	 * second byte, where the mask bit is. */
	struct {
		int opcode, form;
		bool fin;
		size_t len;
	} unmasked[] = {{1, LEN7, true, 5}, {1, LEN7, true, 0}, {1, LEN16, true, 200}, {1, LEN64, true, 9},
			{9, LEN7, true, 2}, {8, LEN7, true, 2}, {0, LEN7, true, 3},    {2, LEN7, false, 4}};
	for (size_t k = 0; k < sizeof unmasked / sizeof unmasked[0]; k++) {
		n = masked_traffic(buf);
		size_t before = n;
		if (unmasked[k].opcode == 0) /* a continuation: of a fragment that was masked */
			put_frame(buf, &n, 1, false, true, 6, LEN7);
		size_t start = put_frame(buf, &n, unmasked[k].opcode, unmasked[k].fin, false, unmasked[k].len,
					 unmasked[k].form);
		put_frame(buf, &n, 1, true, true, 10, LEN7);
		CHECK(start >= before);
		CHECK(scan_every_split(buf, n, WS_FRAME_UNMASKED, start + 1));
	}

	/* A 64-bit length with its top bit set: refused at that byte. */
	n = masked_traffic(buf);
	size_t start = n;
	buf[n++] = 0x81;
	buf[n++] = 0x80 | 127;
	buf[n++] = 0x80;
	for (int i = 0; i < 11; i++)
		buf[n++] = 0;
	CHECK(scan_every_split(buf, n, WS_FRAME_LENGTH_TOP_BIT, start + 2));

	/* The refusal sticks, and a payload longer than any piece is skipped across them. */
	struct ws_frame_scan s = {0};
	n = 0;
	put_frame(buf, &n, 1, true, true, 1000, LEN16);
	size_t handed_on = 0;
	for (size_t at = 0; at < n; at += 7)
		handed_on += ws_frame_scan_feed(&s, buf + at, n - at < 7 ? n - at : 7);
	CHECK_INT(handed_on, n);
	unsigned char bad[] = {0x81, 0x05, 'h', 'e', 'l', 'l', 'o'}, good[] = {0x81, 0x80, 1, 2, 3, 4};
	CHECK_INT(ws_frame_scan_feed(&s, bad, sizeof bad), 1);
	CHECK_INT(s.fault, WS_FRAME_UNMASKED);
	CHECK_INT(ws_frame_scan_feed(&s, good, sizeof good), 0);
	CHECK_STR(ws_frame_fault_text(s.fault), "unmasked frame");
}

static void test_static_resolution(void)
{
	char dir[] = "/tmp/weft-static-XXXXXX";
	CHECK(mkdtemp(dir) != NULL);
	char root[PATH_MAX], path[PATH_MAX + 64], out[PATH_MAX];
	CHECK(realpath(dir, root) != NULL);
	snprintf(path, sizeof path, "%s/web", root);
	mkdir(path, 0755);
	snprintf(path, sizeof path, "%s/web/index.html", root);
	write_file(path, "<html>");
	snprintf(path, sizeof path, "%s/web/js", root);
	mkdir(path, 0755);
	snprintf(path, sizeof path, "%s/web/js/app.mjs", root);
	write_file(path, "export {}");
	snprintf(path, sizeof path, "%s/secret.txt", root);
	write_file(path, "secret");
	snprintf(path, sizeof path, "%s/web/js/link", root);
	CHECK(symlink("../../secret.txt", path) == 0);
	/* Files of the web root that are not the page's: its tests and benchmarks, a file at the top. */
	const char *not_page[] = {"test", "bench"};
	for (size_t i = 0; i < 2; i++) {
		snprintf(path, sizeof path, "%s/web/%s", root, not_page[i]);
		mkdir(path, 0755);
		snprintf(path, sizeof path, "%s/web/%s/x.js", root, not_page[i]);
		write_file(path, "1");
	}
	snprintf(path, sizeof path, "%s/web/notes.txt", root);
	write_file(path, "x");
	char web[PATH_MAX + 8];
	snprintf(web, sizeof web, "%s/web", root);

	CHECK_INT(static_resolve(web, "/", false, out, sizeof out), 0);
	CHECK(strstr(out, "/web/index.html") != NULL);
	CHECK_INT(static_resolve(web, "/js/app.mjs", false, out, sizeof out), 0);
	CHECK_INT(static_resolve(web, "/js", false, out, sizeof out), -1);  /* a directory: no listing */
	CHECK_INT(static_resolve(web, "/js/", false, out, sizeof out), -1); /* no index.html there */
	CHECK_INT(static_resolve(web, "/../secret.txt", false, out, sizeof out), -1);
	CHECK_INT(static_resolve(web, "/js/../../secret.txt", false, out, sizeof out), -1);
	CHECK_INT(static_resolve(web, "/..", false, out, sizeof out), -1);
	CHECK_INT(static_resolve(web, "/js/link", false, out, sizeof out), -1); /* a symlink leading out */
	CHECK_INT(static_resolve(web, "/index.html", false, out, sizeof out), 0);
	CHECK_INT(static_resolve(web, "/test/x.js", false, out, sizeof out), -1);
	CHECK_INT(static_resolve(web, "/bench/x.js", false, out, sizeof out), -1);
	CHECK_INT(static_resolve(web, "/test/x.js", true, out, sizeof out), 0); /* --serve-test-files */
	CHECK_INT(static_resolve(web, "/bench/x.js", true, out, sizeof out), 0);
	CHECK_INT(static_resolve(web, "/notes.txt", true, out, sizeof out), -1);
	CHECK_INT(static_resolve(web, "/notes.txt", false, out, sizeof out), -1);
	CHECK_INT(static_resolve(web, "/js/../test/x.js", false, out, sizeof out), -1);
	CHECK_INT(static_resolve(web, "/js\\..\\..\\secret.txt", false, out, sizeof out), -1);
	CHECK_INT(static_resolve(web, "/missing.js", false, out, sizeof out), -1);
	CHECK_INT(static_resolve(web, "relative", false, out, sizeof out), -1);

	/* The API documentation: its own root, /docs/ and DocC's folder pages. */
	const char *doc_dirs[] = {"docs", "docs/documentation", "docs/documentation/weftlayout"};
	for (size_t i = 0; i < 3; i++) {
		snprintf(path, sizeof path, "%s/%s", root, doc_dirs[i]);
		mkdir(path, 0755);
		snprintf(path, sizeof path, "%s/%s/index.html", root, doc_dirs[i]);
		write_file(path, "<html>");
	}
	snprintf(path, sizeof path, "%s/docs/documentation/link", root);
	CHECK(symlink("../../secret.txt", path) == 0);
	char docs[PATH_MAX + 8];
	snprintf(docs, sizeof docs, "%s/docs", root);
	CHECK_INT(static_resolve_docs(docs, "/docs", out, sizeof out), 0);
	CHECK(strstr(out, "/docs/index.html") != NULL);
	CHECK_INT(static_resolve_docs(docs, "/docs/", out, sizeof out), 0);
	CHECK_INT(static_resolve_docs(docs, "/docs/documentation/weftlayout", out, sizeof out), 0);
	CHECK(strstr(out, "/weftlayout/index.html") != NULL);
	CHECK_INT(static_resolve_docs(docs, "/docs/documentation/weftlayout/", out, sizeof out), 0);
	CHECK_INT(static_resolve_docs(docs, "/docs/documentation/weftlayout/index.html", out, sizeof out), 0);
	CHECK_INT(static_resolve_docs(docs, "/docs/../secret.txt", out, sizeof out), -1);
	CHECK_INT(static_resolve_docs(docs, "/docs/documentation/link", out, sizeof out), -1);
	CHECK_INT(static_resolve_docs(docs, "/docs/missing", out, sizeof out), -1);
	CHECK_INT(static_resolve_docs(docs, "/docsx/index.html", out, sizeof out), -1);
	CHECK_INT(static_resolve_docs(docs, "/docs\\..\\secret.txt", out, sizeof out), -1);
	CHECK_INT(static_resolve_docs(NULL, "/docs/", out, sizeof out), -1);
	CHECK(static_is_docs_path("/docs") && static_is_docs_path("/docs/x") && !static_is_docs_path("/docsx"));
	CHECK_INT(static_resolve(web, "/docs/", false, out, sizeof out), -1); /* not the page's */

	CHECK_STR(static_mime("a/index.html"), "text/html; charset=utf-8");
	CHECK_STR(static_mime("app.js"), "text/javascript; charset=utf-8");
	CHECK_STR(static_mime("app.mjs"), "text/javascript; charset=utf-8");
	CHECK_STR(static_mime("x.css"), "text/css; charset=utf-8");
	CHECK_STR(static_mime("x.svg"), "image/svg+xml");
	CHECK_STR(static_mime("x.png"), "image/png");
	CHECK_STR(static_mime("x.json"), "application/json");
	CHECK_STR(static_mime("x.js.map"), "application/json");
	CHECK_STR(static_mime("x.bin"), "application/octet-stream");
	CHECK_STR(static_mime("dir.d/noext"), "application/octet-stream");
	char cmd[PATH_MAX + 16];
	snprintf(cmd, sizeof cmd, "rm -rf %s", root);
	CHECK(system(cmd) == 0);
}

/* ---- options ---- */

static void test_sizes_and_flags(void)
{
	size_t n = 0;
	CHECK_INT(parse_size("64M", &n), 0);
	CHECK_INT(n, 64u << 20);
	CHECK_INT(parse_size("512K", &n), 0);
	CHECK_INT(n, 512u << 10);
	CHECK_INT(parse_size("1GiB", &n), 0);
	CHECK_INT(n, 1u << 30);
	CHECK_INT(parse_size("4096", &n), 0);
	CHECK_INT(n, 4096);
	CHECK_INT(parse_size("0", &n), -1);
	CHECK_INT(parse_size("-1M", &n), -1);
	CHECK_INT(parse_size("12X", &n), -1);
	CHECK_INT(parse_size("", &n), -1);

	struct options o;
	char *ok[] = {"weft-gateway",
		      "--port",
		      "0",
		      "--grace",
		      "0.5",
		      "--allow-origin",
		      "http://a:1",
		      "--allow-origin",
		      "http://b:2",
		      "--token",
		      "t",
		      "--max-message",
		      "1M",
		      NULL};
	CHECK_INT(options_parse(&o, 13, ok), OPTIONS_RUN);
	CHECK_INT(o.port, 0);
	CHECK(o.grace_s == 0.5);
	CHECK_INT(o.n_allow_origins, 2);
	CHECK_STR(o.token, "t");
	CHECK_INT(o.max_message, 1u << 20);
	CHECK_STR(o.host, "127.0.0.1"); /* loopback unless told otherwise */
	char *bad_port[] = {"weft-gateway", "--port", "70000", NULL};
	CHECK_INT(options_parse(&o, 3, bad_port), OPTIONS_EXIT_USAGE);
	char *unknown[] = {"weft-gateway", "--frobnicate", "1", NULL};
	CHECK_INT(options_parse(&o, 3, unknown), OPTIONS_EXIT_USAGE);
	char *half_tls[] = {"weft-gateway", "--tls-cert", "c.pem", NULL};
	CHECK_INT(options_parse(&o, 3, half_tls), OPTIONS_EXIT_USAGE);
	char *missing_value[] = {"weft-gateway", "--port", NULL};
	CHECK_INT(options_parse(&o, 2, missing_value), OPTIONS_EXIT_USAGE);
	/* An empty token would turn authentication off: refused, from the flag or the environment. */
	char *empty_token[] = {"weft-gateway", "--token", "", NULL};
	CHECK_INT(options_parse(&o, 3, empty_token), OPTIONS_EXIT_USAGE);
	char *plain[] = {"weft-gateway", NULL};
	setenv("WEFT_TOKEN", "", 1);
	CHECK_INT(options_parse(&o, 1, plain), OPTIONS_EXIT_USAGE);
	setenv("WEFT_TOKEN", "from-env", 1);
	CHECK_INT(options_parse(&o, 1, plain), OPTIONS_RUN);
	CHECK_STR(o.token, "from-env");
	unsetenv("WEFT_TOKEN");
	/* Beyond loopback only with a token, or with the explicit override. */
	const char *remote[] = {"0.0.0.0", "::", "192.168.1.5", "example.org", "127.0.0.1.example.org"};
	for (size_t i = 0; i < sizeof remote / sizeof remote[0]; i++) {
		char *no_token[] = {"weft-gateway", "--host", (char *)remote[i], NULL};
		CHECK_INT(options_parse(&o, 3, no_token), OPTIONS_EXIT_USAGE);
		char *token[] = {"weft-gateway", "--host", (char *)remote[i], "--token", "t", NULL};
		CHECK_INT(options_parse(&o, 5, token), OPTIONS_RUN);
		char *override[] = {"weft-gateway", "--allow-remote-without-token", "--host", (char *)remote[i], NULL};
		CHECK_INT(options_parse(&o, 4, override), OPTIONS_RUN);
		CHECK(o.allow_remote_without_token && !o.token);
	}
	const char *loopback[] = {"127.0.0.1", "127.1.2.3", "::1", "localhost"};
	for (size_t i = 0; i < sizeof loopback / sizeof loopback[0]; i++) {
		char *argv[] = {"weft-gateway", "--host", (char *)loopback[i], NULL};
		CHECK_INT(options_parse(&o, 3, argv), OPTIONS_RUN);
	}
	/* The limits: defaults for a small machine, raised by flags. */
	CHECK_INT(options_parse(&o, 1, plain), OPTIONS_RUN);
	CHECK_INT(o.max_connections, 256);
	CHECK_INT(o.memory_budget, 256u << 20);
	CHECK_INT(o.idle_timeout_s, 60);
	char *raised[] = {"weft-gateway", "--max-connections", "4000", "--memory-budget",
			  "2G",           "--idle-timeout",    "5",    NULL};
	CHECK_INT(options_parse(&o, 7, raised), OPTIONS_RUN);
	CHECK_INT(o.max_connections, 4000);
	CHECK_INT(o.memory_budget, 2ull << 30);
	CHECK_INT(o.idle_timeout_s, 5);
	char *zero[] = {"weft-gateway", "--max-connections", "0", NULL};
	CHECK_INT(options_parse(&o, 3, zero), OPTIONS_EXIT_USAGE);
}

/* ---- JSON syntax check (RFC 8259) ---- */

/* Checks len bytes copied into a buffer of exactly that size (no terminating NUL), so ASan
 * catches any read past the end. */
static bool json_ok(const char *text, size_t len, struct json_check_error *err)
{
	char *exact = malloc(len ? len : 1);
	memcpy(exact, text, len);
	*err = (struct json_check_error){.offset = (size_t)-1, .reason = NULL};
	bool ok = json_check(exact, len, err);
	free(exact);
	return ok;
}

/* Valid documents. RFC 8259: any value at the top, whitespace (space, tab, LF, CR) around every
 * token, numbers with sign, fraction and exponent (no size limit), every escape (😀 as the
 * surrogate pair \uD83D\uDE00, in either case), UTF-8 text (é is C3 A9, ✓ E2 9C 93, 😀
 * F0 9F 98 80), DEL (0x7f) unescaped. */
static const char *const good_json[] = {
	"0",
	"-0",
	"7",
	"-12.5e+3",
	"0.0",
	"1E5",
	"1e-07",
	"2.5E-3",
	"123456789012345678901234567890",
	"true",
	"false",
	"null",
	"\"\"",
	" \t\r\n1 \t\r\n",
	"\"a\\\"b\\\\c\\/d\\be\\ff\\ng\\rh\\ti\\u00e9\\uD83D\\uDE00\\u0000\"",
	"\"\\ud83d\\ude00\"",
	"\"\xC3\xA9 \xE2\x9C\x93 \xF0\x9F\x98\x80 \x7F\"",
	"{}",
	"[]",
	"[[]]",
	"{\"\":{}}",
	" { \"a\" : [ 1 , { } , [ ] , \"x\" , -0.5 , true , false , null ] , \"b\" : { \"c\" : \"d\" } } ",
	"{\"format\":\"weft.snapshot\",\"version\":1,\"revision\":3,\"meta\":{},\"roots\":[{\"id\":\"n1\","
	"\"className\":\"ASDisplayNode\",\"frame\":[0,0,375,812],\"constrainedSize\":{\"min\":[0,0],"
	"\"max\":[\"inf\",\"inf\"]},\"children\":[]}]}",
};

static void test_json_check_accepts_every_kind_of_value(void)
{
	for (size_t i = 0; i < sizeof good_json / sizeof good_json[0]; i++) {
		struct json_check_error err;
		if (!json_ok(good_json[i], strlen(good_json[i]), &err)) {
			fprintf(stderr, "  refused %s: %s at %zu\n", good_json[i], err.reason, err.offset);
			CHECK(0);
		}
	}
	/* A NUL escaped as \u0000 is fine; only the length given counts, not a NUL terminator:
	 * "[1]]" cut to 3 bytes is "[1]". */
	struct json_check_error err;
	CHECK(json_ok("[1]]", 3, &err));
}

struct bad_json {
	const char *text;
	size_t len; /* 0: strlen(text) */
	size_t offset;
	const char *reason;
};

/* Every offset below is counted by hand: the first byte at which the text can no longer be
 * the start of any JSON document (the length when it ends early), or the first byte of a bad
 * UTF-8 sequence (json_check.h). Offsets are written under each text. */
static const struct bad_json bad_json_cases[] = {
	/* Empty or blank: nothing where the value must start. */
	{"", 0, 0, "expected a value"},
	{"   ", 0, 3, "expected a value"},
	/* Truncation: {"a":1 = { 0, "a" 1-3, : 4, 1 5; ends at 6 inside the object. */
	{"{\"a\":1", 0, 6, "expected ',' or '}' after an object member"},
	/* [1,2 = [ 0, 1 1, , 2, 2 3; ends at 4. */
	{"[1,2", 0, 4, "expected ',' or ']' after an array element"},
	{"[", 0, 1, "expected a value"},
	{"{", 0, 1, "expected '\"' to open an object key"},
	/* "{"a": ends right after the colon at 4 -> 5. */
	{"{\"a\":", 0, 5, "expected a value"},
	/* Trailing garbage: {"a":1} is bytes 0-6, x at 7; "1 2": the 2 at 2; a second } at 7;
	 * NUL after a complete value at 1. */
	{"{\"a\":1}x", 0, 7, "expected the end of the document"},
	{"1 2", 0, 2, "expected the end of the document"},
	{"{\"a\":1}}", 0, 7, "expected the end of the document"},
	{"1\0", 2, 1, "expected the end of the document"},
	/* Unterminated strings: "ab ends at 3; "a\ (quote 0, a 1, backslash 2) ends at 3. */
	{"\"ab", 0, 3, "unterminated string (expected '\"')"},
	{"\"a\\", 0, 3, "unterminated string (expected an escape, then '\"')"},
	/* Bad escapes: ["a\qb"] = [ 0, " 1, a 2, \ 3, q 4. */
	{"[\"a\\qb\"]", 0, 4, "invalid escape (expected one of \" \\ / b f n r t u after \\)"},
	/* "\u12G4" = " 0, \ 1, u 2, 1 3, 2 4, G 5; "\u12" has its quote at 5; "\u12 ends at 5;
	 * \U (capital) is no escape: U at 2. */
	{"\"\\u12G4\"", 0, 5, "expected four hex digits after \\u"},
	{"\"\\u12\"", 0, 5, "expected four hex digits after \\u"},
	{"\"\\u12", 0, 5, "expected four hex digits after \\u"},
	{"\"\\U0041\"", 0, 2, "invalid escape (expected one of \" \\ / b f n r t u after \\)"},
	/* Surrogate escapes must pair (json_check.h), reported at the escape's backslash, 1:
	 * "\uD800" alone; "\uDC00" alone; a high one before \u0041 or before another high one.
	 * "\uD83D ends at 7 after the high one; in "\uD83D\uDE0G" the G is at 12 (" 0, \uD83D
	 * 1-6, \ 7, u 8, D 9, E 10, 0 11). */
	{"\"\\uD800\"", 0, 1, "unpaired high surrogate escape (expected \\uDC00-\\uDFFF next)"},
	{"\"\\uDC00\"", 0, 1, "unpaired low surrogate escape (\\uDC00-\\uDFFF)"},
	{"\"\\uD83D\\u0041\"", 0, 1, "unpaired high surrogate escape (expected \\uDC00-\\uDFFF next)"},
	{"\"\\uD83D\\uD83D\\uDE00\"", 0, 1, "unpaired high surrogate escape (expected \\uDC00-\\uDFFF next)"},
	{"\"\\uD83D", 0, 7, "unterminated string (expected a low surrogate escape)"},
	{"\"\\uD83D\\uDE0G\"", 0, 12, "expected four hex digits after \\u"},
	/* Raw control characters in strings: "a<TAB>b" and "a<LF>b" and "a<NUL>b": the byte at 2;
	 * a raw 0x1f at 1. */
	{"\"a\tb\"", 0, 2, "control character in a string (it must be escaped)"},
	{"\"a\nb\"", 0, 2, "control character in a string (it must be escaped)"},
	{"\"a\0b\"", 5, 2, "control character in a string (it must be escaped)"},
	{"\"\x1f\"", 0, 1, "control character in a string (it must be escaped)"},
	/* Numbers: 01 -> the 1 at 1; [-01] -> [ 0, - 1, 0 2, 1 3; a lone minus ends at 1; [-] has
	 * ] at 2; -a has a at 1; 1. ends at 2; 1.e5 has e at 2; 1e ends at 2; 1e+ ends at 3;
	 * [1E-x] = [ 0, 1 1, E 2, - 3, x 4; +1 and .5 cannot start a value (0); 0x1 -> x at 1. */
	{"01", 0, 1, "leading zero in a number"},
	{"[-01]", 0, 3, "leading zero in a number"},
	{"-", 0, 1, "expected a digit after '-'"},
	{"[-]", 0, 2, "expected a digit after '-'"},
	{"-a", 0, 1, "expected a digit after '-'"},
	{"1.", 0, 2, "expected a digit after the decimal point"},
	{"1.e5", 0, 2, "expected a digit after the decimal point"},
	{"1e", 0, 2, "expected a digit in the exponent"},
	{"1e+", 0, 3, "expected a digit in the exponent"},
	{"[1E-x]", 0, 4, "expected a digit in the exponent"},
	{"+1", 0, 0, "expected a value"},
	{".5", 0, 0, "expected a value"},
	{"0x1", 0, 1, "expected the end of the document"},
	/* Literals: tru ends at 3; trUe has U at 2; nul ends at 3; nulll has the extra l at 4;
	 * True has T at 0 (no value starts with T); NaN likewise. */
	{"tru", 0, 3, "invalid literal (expected true, false or null)"},
	{"trUe", 0, 2, "invalid literal (expected true, false or null)"},
	{"nul", 0, 3, "invalid literal (expected true, false or null)"},
	{"nulll", 0, 4, "expected the end of the document"},
	{"True", 0, 0, "expected a value"},
	{"NaN", 0, 0, "expected a value"},
	/* Missing colon: {"a" 1} = { 0, "a" 1-3, space 4, 1 5; {"a"} has } at 4. */
	{"{\"a\" 1}", 0, 5, "expected ':' after an object key"},
	{"{\"a\"}", 0, 4, "expected ':' after an object key"},
	/* Missing comma: {"a":1 "b":2} = {"a":1 is 0-5, space 6, " at 7; [1 2] has 2 at 3. */
	{"{\"a\":1 \"b\":2}", 0, 7, "expected ',' or '}' after an object member"},
	{"[1 2]", 0, 3, "expected ',' or ']' after an array element"},
	/* Keys must be strings: {a:1} has a at 1; {1:2} has 1 at 1. */
	{"{a:1}", 0, 1, "expected '\"' to open an object key"},
	{"{1:2}", 0, 1, "expected '\"' to open an object key"},
	/* Trailing commas: {"a":1,} = {"a":1 0-5, , 6, } 7; [1,] has ] at 3; an empty value
	 * {"a":} has } at 5; [,1] has , at 1. */
	{"{\"a\":1,}", 0, 7, "expected '\"' to open an object key"},
	{"[1,]", 0, 3, "expected a value"},
	{"{\"a\":}", 0, 5, "expected a value"},
	{"[,1]", 0, 1, "expected a value"},
	/* Mismatched closers: [1} has } at 2; {"a":[1} = {"a": 0-4, [ 5, 1 6, } 7; {"a":1] has ]
	 * at 6. */
	{"[1}", 0, 2, "expected ',' or ']' after an array element"},
	{"{\"a\":[1}", 0, 7, "expected ',' or ']' after an array element"},
	{"{\"a\":1]", 0, 6, "expected ',' or '}' after an object member"},
	/* Bad UTF-8 in strings (Unicode table 3-7), each at the sequence's first byte, 1: C3 then
	 * a quote (not a continuation byte); C0 80 (overlong NUL); E0 80 80 (overlong); ED A0 80
	 * (a surrogate); F4 90 80 80 (above U+10FFFF); F5 (never a lead byte); a lone continuation
	 * 80; E2 82 cut short by the quote. */
	{"\"\xC3\"", 0, 1, "invalid UTF-8 in a string"},
	{"\"\xC0\x80\"", 0, 1, "invalid UTF-8 in a string"},
	{"\"\xE0\x80\x80\"", 0, 1, "invalid UTF-8 in a string"},
	{"\"\xED\xA0\x80\"", 0, 1, "invalid UTF-8 in a string"},
	{"\"\xF4\x90\x80\x80\"", 0, 1, "invalid UTF-8 in a string"},
	{"\"\xF5\x80\x80\x80\"", 0, 1, "invalid UTF-8 in a string"},
	{"\"\x80\"", 0, 1, "invalid UTF-8 in a string"},
	{"\"\xE2\x82\"", 0, 1, "invalid UTF-8 in a string"},
	/* Non-ASCII outside a string cannot start a value: é at 0; a UTF-8 BOM (EF BB BF) too. */
	{"\xC3\xA9", 0, 0, "expected a value"},
	{"\xEF\xBB\xBF{}", 0, 0, "expected a value"},
	/* Single quotes and comments are not JSON: the quote at 0; the slash of the comment at 3. */
	{"'a'", 0, 0, "expected a value"},
	{"[1 /*c*/]", 0, 3, "expected ',' or ']' after an array element"},
};

static void test_json_check_refuses_with_offset_and_reason(void)
{
	for (size_t i = 0; i < sizeof bad_json_cases / sizeof bad_json_cases[0]; i++) {
		const struct bad_json *b = &bad_json_cases[i];
		size_t len = b->len ? b->len : strlen(b->text);
		struct json_check_error err;
		bool ok = json_ok(b->text, len, &err);
		if (ok || err.offset != b->offset || !err.reason || strcmp(err.reason, b->reason) != 0) {
			fprintf(stderr, "  case %zu (%s): expected offset %zu \"%s\", got %s at %zu \"%s\"\n", i,
				b->text, b->offset, b->reason, ok ? "accepted" : "refused", err.offset,
				err.reason ? err.reason : "");
			CHECK(0);
		}
	}
}

/* Every proper prefix of an ASCII document that opens with '{' is the start of a document but
 * not a whole one (the object is still open), so it must be refused exactly at its end:
 * truncation anywhere is reported where the bytes stop. */
static void test_json_check_truncation_is_reported_at_the_end(void)
{
	const char *doc = "{\"s\":\"a\\n\\u00e9\\uD83D\\uDE00\",\"n\":[-1.5e+3,0,true,false,null],\"o\":{\"k\":[]}}";
	struct json_check_error err;
	CHECK(json_ok(doc, strlen(doc), &err));
	for (size_t k = 0; k < strlen(doc); k++) {
		if (json_ok(doc, k, &err) || err.offset != k) {
			fprintf(stderr, "  prefix of %zu bytes: offset %zu (%s)\n", k, err.offset, err.reason);
			CHECK(0);
		}
	}
}

/* Writes depth levels that alternate arrays (even levels) and {"k": objects (odd levels)
 * around a 0, closing them in reverse; returns the length. */
static size_t alternating_nest(char *out, int depth)
{
	size_t n = 0;
	for (int k = 0; k < depth; k++)
		n += (size_t)sprintf(out + n, "%s", k % 2 ? "{\"k\":" : "[");
	out[n++] = '0';
	for (int k = depth - 1; k >= 0; k--)
		out[n++] = k % 2 ? '}' : ']';
	return n;
}

static void test_json_check_depth_limit(void)
{
	struct json_check_error err;
	size_t max = JSON_CHECK_MAX_DEPTH;
	char *text = malloc(6 * (max + 1) + 2);
	/* 1000 nested arrays pass; with 1001 the bracket at offset 1000 (the 1001st, bytes 0-999
	 * being the first 1000) would open level 1001, so the check stops there. */
	memset(text, '[', max);
	memset(text + max, ']', max);
	CHECK(json_ok(text, 2 * max, &err));
	memset(text, '[', max + 1);
	memset(text + max + 1, ']', max + 1);
	CHECK(!json_ok(text, 2 * max + 2, &err));
	CHECK_INT(err.offset, max);
	CHECK_STR(err.reason, "nested deeper than 1000 levels");
	/* The same at the limit with objects: {"k": is 5 bytes, so the 1001st opens at 5000. */
	size_t n = 0;
	for (size_t k = 0; k <= max; k++)
		n += (size_t)sprintf(text + n, "{\"k\":");
	CHECK(!json_ok(text, n, &err));
	CHECK_INT(err.offset, 5 * max);
	CHECK_STR(err.reason, "nested deeper than 1000 levels");
	/* The kind of every open level is remembered across the stack's bytes: 20 alternating
	 * levels close in the right order. The opening part is 10 [ (1 byte) and 10 {"k": (5 bytes)
	 * = 60 bytes, the 0 at 60, and level k (0-based) closes at 61 + (19 - k): level 9, an
	 * object, at 71. Closing it with ] is refused there. */
	n = alternating_nest(text, 20);
	CHECK(json_ok(text, n, &err));
	CHECK_INT(text[71], '}');
	text[71] = ']';
	CHECK(!json_ok(text, n, &err));
	CHECK_INT(err.offset, 71);
	CHECK_STR(err.reason, "expected ',' or '}' after an object member");
	/* An alternating nest at the limit passes too: the bit stack holds all 1000 levels. */
	n = alternating_nest(text, (int)max);
	CHECK(json_ok(text, n, &err));
	free(text);
}

/* A fixed-seed xorshift generator, so a failing mutation can be replayed. */
static unsigned long long mutation_state = 0x9E3779B97F4A7C15ull;

static unsigned mutation_next(unsigned bound)
{
	mutation_state ^= mutation_state << 13;
	mutation_state ^= mutation_state >> 7;
	mutation_state ^= mutation_state << 17;
	return (unsigned)(mutation_state % bound);
}

/* Documents the mutations below start from: a snapshot, and every kind of token. */
static const char *const mutation_seeds[] = {
	"{\"format\":\"weft.snapshot\",\"version\":1,\"meta\":{\"pid\":-42},\"roots\":[{\"id\":\"n1\",\"frame\":"
	"[0,0.5,375,1e-07],\"constrainedSize\":{\"min\":[0,0],\"max\":[\"inf\",\"inf\"]},\"children\":[]}]}",
	" [ \"a\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\uD83D\\uDE00\xC3\xA9\xE2\x9C\x93\xF0\x9F\x98\x80\" , true , false , null , -0 , "
	"12E+3 , { } , [ [ ] ] ] ",
};

#define MUTANT_MAX 512

/* Writes seed with 1 to 3 random edits into text (MUTANT_MAX bytes): bytes replaced with JSON's
 * own punctuation or any byte, deleted, inserted, or the text cut. Returns its length. */
static size_t mutant(const char *seed, char *text)
{
	static const char alphabet[] = "{}[]:,\"\\ \t\n0123456789-+.eEtrufalsnDdCc\x01\x7f\x80\xC3\xA9\xED\xF4";
	size_t len = strlen(seed);
	memcpy(text, seed, len);
	for (unsigned ops = 1 + mutation_next(3); ops > 0 && len > 0; ops--) {
		size_t at = mutation_next((unsigned)len);
		unsigned what = mutation_next(8);
		char ch = what == 0 ? (char)mutation_next(256) : alphabet[mutation_next(sizeof alphabet - 1)];
		if (what < 4) {
			text[at] = ch;
		} else if (what < 6) {
			memmove(text + at, text + at + 1, len - at - 1);
			len--;
		} else if (what < 7 && len < MUTANT_MAX - 1) {
			memmove(text + at + 1, text + at, len - at);
			text[at] = ch;
			len++;
		} else {
			len = at;
		}
	}
	return len;
}

/* True when jansson's refusal is one json_check does not make by design: a number too big for a
 * double (the grammar has no size limit). */
static bool jansson_refuses_for_meaning(const json_error_t *err)
{
	return strstr(err->text, "too big") || strstr(err->text, "overflow");
}

/* Differential check against jansson (JSON_DECODE_ANY | JSON_ALLOW_NUL accepts exactly the RFC
 * 8259 texts with paired surrogates, less the refusal above): 20000 random mutations per seed (bytes replaced with
 * JSON's own punctuation or any byte, deleted, inserted, or the text cut) must be accepted by
 * both or refused by both. */
static void test_json_check_agrees_with_jansson(void)
{
	char text[MUTANT_MAX];
	int disagreements = 0, compared = 0;
	for (size_t si = 0; si < sizeof mutation_seeds / sizeof mutation_seeds[0]; si++) {
		for (int round = 0; round < 20000; round++) {
			size_t len = mutant(mutation_seeds[si], text);
			json_error_t jerr;
			json_t *j = json_loadb(text, len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &jerr);
			struct json_check_error err;
			bool ours = json_ok(text, len, &err);
			json_decref(j);
			if (!j && ours && jansson_refuses_for_meaning(&jerr))
				continue;
			compared++;
			if (ours != (j != NULL) && disagreements++ < 5)
				fprintf(stderr,
					"  seed %zu round %d: json_check %s (%s at %zu), jansson %s (%s): %.*s\n", si,
					round, ours ? "accepts" : "refuses", ours ? "" : err.reason,
					ours ? 0 : err.offset, j ? "accepts" : "refuses", j ? "" : jerr.text, (int)len,
					text);
		}
	}
	CHECK_INT(disagreements, 0);
	CHECK(compared > 39000); /* nearly every mutation was compared */
}

/* ---- the JSON check fed in fragments ---- */

/* Feeds text to a checker cut at a and b (a <= b <= len), each of the up to three fragments in a
 * buffer of exactly its size (ASan catches a read past one), and compares the verdict and fault
 * with json_check's over the whole text: json_check.h promises they are the same wherever the
 * text is cut. */
static bool split_agrees(const char *text, size_t len, size_t a, size_t b)
{
	struct json_check_error whole, parts = {0};
	bool whole_ok = json_ok(text, len, &whole);
	struct json_checker k;
	json_checker_init(&k);
	size_t cuts[] = {0, a, b, len};
	for (size_t f = 0; f + 1 < sizeof cuts / sizeof cuts[0]; f++) {
		size_t n = cuts[f + 1] - cuts[f];
		char *fragment = malloc(n ? n : 1);
		memcpy(fragment, text + cuts[f], n);
		json_checker_feed(&k, fragment, n);
		free(fragment);
	}
	bool parts_ok = json_checker_finish(&k, &parts);
	bool same =
		parts_ok == whole_ok &&
		(whole_ok || (parts.offset == whole.offset && parts.reason && strcmp(parts.reason, whole.reason) == 0));
	if (!same)
		fprintf(stderr, "  cut at %zu and %zu: whole %s (%s at %zu), fragments %s (%s at %zu): %.*s\n", a, b,
			whole_ok ? "ok" : "refused", whole_ok ? "" : whole.reason, whole_ok ? 0 : whole.offset,
			parts_ok ? "ok" : "refused", parts_ok ? "" : parts.reason, parts_ok ? 0 : parts.offset,
			(int)len, text);
	return same;
}

/* Every valid and every refused document above, cut at every byte and at every pair of bytes:
 * a fragment may end inside any token (a string, an escape, a surrogate pair, a UTF-8 character,
 * a number, a literal) or between any two. Then the random mutations, cut at two random places. */
static void test_json_checker_fed_in_fragments_agrees(void)
{
	int disagreements = 0;
	for (size_t i = 0;
	     i < sizeof good_json / sizeof good_json[0] + sizeof bad_json_cases / sizeof bad_json_cases[0]; i++) {
		size_t n_good = sizeof good_json / sizeof good_json[0];
		const char *text = i < n_good ? good_json[i] : bad_json_cases[i - n_good].text;
		size_t len =
			i < n_good || !bad_json_cases[i - n_good].len ? strlen(text) : bad_json_cases[i - n_good].len;
		for (size_t a = 0; a <= len; a++)
			for (size_t b = a; b <= len; b++)
				if (!split_agrees(text, len, a, b) && ++disagreements > 5)
					goto out;
	}
	char text[MUTANT_MAX];
	for (size_t si = 0; si < sizeof mutation_seeds / sizeof mutation_seeds[0]; si++)
		for (int round = 0; round < 5000; round++) {
			size_t len = mutant(mutation_seeds[si], text);
			size_t a = mutation_next((unsigned)len + 1), b = a + mutation_next((unsigned)(len - a) + 1);
			if (!split_agrees(text, len, a, b) && ++disagreements > 5)
				goto out;
		}
out:
	CHECK_INT(disagreements, 0);
	/* Fed a byte at a time, a 4-byte UTF-8 character, an exponent and a surrogate pair pass,
	 * and a fault is counted from the first byte fed: in ["😀",1e5,"\uD83D\uDE00",x] the [ is 0,
	 * " 1, the four bytes of 😀 2-5, " 6, the comma 7, 1e5 8-10, the comma 11, " 12, the two
	 * escapes 13-24, " 25, the comma 26 and the x 27. */
	const char *doc = "[\"\xF0\x9F\x98\x80\",1e5,\"\\uD83D\\uDE00\",x]";
	struct json_checker k;
	json_checker_init(&k);
	for (size_t i = 0; i < strlen(doc); i++)
		json_checker_feed(&k, doc + i, 1);
	struct json_check_error err;
	CHECK(!json_checker_finish(&k, &err));
	CHECK_INT(err.offset, 27);
	CHECK_STR(err.reason, "expected a value");
}

/* The HTTP API's check of a device reply fed while it arrives (reply_check.h) gives the answer
 * it gives when the whole reply is checked at once, wherever the reply is cut: for a snapshot the
 * result up to the reply's last '}' is checked, so the end of what has arrived is held back while
 * it may be that '}'. The answers at once are the ones the integration tests derive by hand
 * (test_http_api_refuses_broken_device_json). */
static void test_reply_check_fed_in_fragments_agrees(void)
{
	static const char *const replies[] = {
		"{\"id\":1,\"result\":{\"format\":\"weft.snapshot\",\"roots\":[{\"id\":\"n1\"}]}}",
		"{\"id\":1,\"result\": [1, \"}\" ] \n } \n", /* whitespace around the last '}' */
		"{\"id\":1,\"result\":{},\"x\":1}",          /* a member after the result */
		"{\"id\":1,\"result\":[1]}}",                /* a '}' too many */
		"{\"id\":1,\"result\":[1]} } }",
		"{\"id\":1,\"result\":\"abc\n}",    /* a raw line feed, then the '}' */
		"{\"id\":1,\"result\":{\"a\":[1,2", /* cut off: no '}' */
		"{\"id\":1,\"result\":5  ",
		"{\"id\":1,\"result\":}", /* nothing between */
		"{\"id\":1,\"result\":{\"a\":\"b\u00e9\xC3\xA9\"},\"extra\":true}",
		"{\"id\":1,\"error\":{\"code\":1,\"message\":\"a\tb\"}}",
	};
	int disagreements = 0;
	for (size_t i = 0; i < sizeof replies / sizeof replies[0]; i++) {
		const char *reply = replies[i];
		size_t len = strlen(reply);
		struct envelope e;
		CHECK_INT(envelope_scan(reply, len, &e), ENVELOPE_REPLY);
		for (int mode = HTTP_SNAPSHOT; mode <= HTTP_CALL; mode++) {
			struct reply_check whole;
			struct json_check_error whole_err = {0}, parts_err = {0};
			reply_check_start(&whole, mode, &e);
			bool whole_ok = reply_check_finish(&whole, reply, len, &whole_err);
			/* Arriving in three pieces, cut at a and b, and a byte at a time. */
			for (size_t a = 0; a <= len + 1; a++)
				for (size_t b = a; b <= len + 1; b++) {
					struct reply_check c;
					reply_check_start(&c, mode, &e);
					if (a > len) /* a byte at a time */
						for (size_t k = 1; k < len; k++)
							reply_check_feed(&c, reply, k);
					else if (b <= len) {
						reply_check_feed(&c, reply, a);
						reply_check_feed(&c, reply, b);
					}
					bool parts_ok = reply_check_finish(&c, reply, len, &parts_err);
					if (parts_ok != whole_ok ||
					    (!whole_ok && (parts_err.offset != whole_err.offset ||
							   strcmp(parts_err.reason, whole_err.reason)))) {
						if (disagreements++ < 5)
							fprintf(stderr,
								"  %s (mode %d) cut at %zu, %zu: %s at %zu, at once %s at %zu\n",
								reply, mode, a, b, parts_ok ? "ok" : parts_err.reason,
								parts_err.offset, whole_ok ? "ok" : whole_err.reason,
								whole_err.offset);
					}
				}
		}
	}
	CHECK_INT(disagreements, 0);
	/* One answer by hand: the member after the result. The result starts at 17 ({"id":1,"result":
	 * is 17 bytes); the Snapshot's bytes {},"x":1 are no single document from its comma, 2 in. */
	struct envelope e;
	const char *after = replies[2];
	envelope_scan(after, strlen(after), &e);
	struct reply_check c;
	reply_check_start(&c, HTTP_SNAPSHOT, &e);
	for (size_t k = 1; k < strlen(after); k++)
		reply_check_feed(&c, after, k);
	struct json_check_error err;
	CHECK(!reply_check_finish(&c, after, strlen(after), &err));
	CHECK_INT(err.offset, 17 + 2);
	CHECK_STR(err.reason, "expected the end of the document");
}

/* ---- the relay, through fake hooks ---- */

struct fake {
	int wakes, closes, http_replies;
	struct http_response resp;
};

static void fake_wake(void *ctx, struct peer *p)
{
	(void)p;
	((struct fake *)ctx)->wakes++;
}

static void fake_close(void *ctx, struct peer *p)
{
	(void)p;
	((struct fake *)ctx)->closes++;
}

static void fake_http_reply(void *ctx, struct peer *p, struct msg *reply, const struct envelope *e, struct peer *from,
			    int code, const char *message)
{
	(void)from;
	struct fake *f = ctx;
	f->http_replies++;
	msg_unref(f->resp.body);
	f->resp.body = NULL;
	http_api_answer(p, reply, e, code, message, NULL, &f->resp);
}

static struct fake fake;
static struct relay relay;

static void relay_up(size_t queue_limit)
{
	memset(&fake, 0, sizeof fake);
	struct relay_config cfg = {.queue_limit = queue_limit,
				   .max_message = 1 << 20,
				   .request_timeout_us = 1000000,
				   .grace_us = 5000000};
	struct relay_hooks hooks = {.ctx = &fake,
				    .wake = fake_wake,
				    .close = fake_close,
				    .http_reply = fake_http_reply};
	relay_init(&relay, &cfg, &hooks);
}

static void relay_down(void)
{
	relay_free(&relay);
	msg_unref(fake.resp.body);
}

static void say(struct peer *p, const char *text, long long now)
{
	relay_receive(&relay, p, msg_from(text, strlen(text)), now);
}

/* Takes the oldest queued message of a peer as parsed JSON (NULL when none). */
static json_t *take(struct peer *p)
{
	if (!p->q.head)
		return NULL;
	json_t *j = json_loadb(p->q.head->m->data, p->q.head->m->len, 0, NULL);
	queue_pop(&p->q);
	return j;
}

/* Drains a peer's queue; returns how many messages it held. */
static size_t drain(struct peer *p)
{
	size_t n = p->q.count;
	queue_clear(&p->q);
	return n;
}

static struct peer *registered_device(const char *app, const char *instance)
{
	struct peer *d = relay_open(&relay, PEER_DEVICE, NULL, "dev");
	char text[256];
	snprintf(
		text, sizeof text,
		"{\"id\":1,\"method\":\"Gateway.register\",\"params\":{\"protocolVersion\":1,\"identity\":{\"appId\":\"%s\","
		"\"instance\":\"%s\",\"host\":\"h\"}}}",
		app, instance);
	say(d, text, 0);
	drain(d);
	return d;
}

static struct peer *greeted_inspector(void)
{
	struct peer *i = relay_open(&relay, PEER_INSPECTOR, NULL, "insp");
	say(i, "{\"id\":1,\"method\":\"Gateway.hello\",\"params\":{\"protocolVersion\":1}}", 0);
	drain(i);
	return i;
}

static void test_relay_forwarding_and_timeouts(void)
{
	relay_up(1 << 20);
	struct peer *dev = registered_device("org.app", "one");
	struct peer *insp = greeted_inspector();
	say(insp, "{\"id\":77,\"method\":\"Tree.getDocument\",\"device\":\"org.app@one\",\"params\":{}}", 0);
	json_t *fwd = take(dev);
	long long gid = (long long)json_integer_value(json_object_get(fwd, "id"));
	CHECK(gid > 0);
	CHECK_STR(json_string_value(json_object_get(fwd, "method")), "Tree.getDocument");
	CHECK(json_object_get(fwd, "device") == NULL);
	json_decref(fwd);
	char reply[128];
	snprintf(reply, sizeof reply, "{\"id\":%lld,\"result\":{\"format\":\"weft.snapshot\"}}", gid);
	say(dev, reply, 10);
	json_t *back = take(insp);
	CHECK_INT(json_integer_value(json_object_get(back, "id")), 77);
	json_decref(back);
	/* A request left unanswered past its deadline fails with -32002 at the first tick after. */
	say(insp, "{\"id\":78,\"method\":\"Tree.getDocument\",\"device\":\"org.app@one\"}", 100);
	drain(dev);
	relay_tick(&relay, 100 + 999999);
	CHECK(insp->q.count == 0);
	relay_tick(&relay, 100 + 1000000);
	back = take(insp);
	CHECK_INT(json_integer_value(json_object_get(back, "id")), 78);
	CHECK_INT(json_integer_value(json_object_get(json_object_get(back, "error"), "code")), ERR_TIMED_OUT);
	json_decref(back);
	/* Pending requests per requester are bounded: one more than RELAY_MAX_PENDING fails at once. */
	char ask[128];
	for (int i = 0; i < RELAY_MAX_PENDING; i++) {
		snprintf(ask, sizeof ask, "{\"id\":%d,\"method\":\"Tree.getDocument\",\"device\":\"org.app@one\"}",
			 1000 + i);
		say(insp, ask, 200);
	}
	drain(dev);
	CHECK_INT(insp->n_pending, RELAY_MAX_PENDING);
	CHECK_INT(insp->q.count, 0);
	say(insp, "{\"id\":99,\"method\":\"Tree.getDocument\",\"device\":\"org.app@one\"}", 200);
	back = take(insp);
	CHECK_INT(json_integer_value(json_object_get(json_object_get(back, "error"), "code")), ERR_INTERNAL_ERROR);
	json_decref(back);
	relay_tick(&relay, 200 + 1000000); /* all time out */
	CHECK_INT(insp->n_pending, 0);
	relay_down();
}

static void test_relay_slow_inspector_drops_events(void)
{
	/* Queue limit 1000 bytes: events stop fitting, are dropped with the queued ones from the
	 * same device, and one Gateway.resyncRequired is queued; replies still go through. */
	relay_up(1000);
	struct peer *dev = registered_device("org.app", "one");
	struct peer *insp = greeted_inspector();
	say(insp, "{\"id\":2,\"method\":\"Gateway.attach\",\"params\":{\"device\":\"org.app@one\"}}", 0);
	drain(insp);
	drain(dev);
	char event[300];
	snprintf(event, sizeof event, "{\"method\":\"Tree.updated\",\"params\":{\"pad\":\"%0200d\"}}", 0);
	for (int i = 0; i < 20; i++)
		say(dev, event, 0);
	CHECK(insp->q.bytes <= 1000 + 1000 + (1 << 20));
	CHECK(insp->events_dropped > 0);
	CHECK(queue_holds(&insp->q, QI_RESYNC, dev->device));
	size_t resyncs = 0;
	for (struct qitem *it = insp->q.head; it; it = it->next)
		resyncs += it->kind == QI_RESYNC;
	CHECK_INT(resyncs, 1);
	/* Every event that was not dropped carries "device" as its first key. */
	for (struct qitem *it = insp->q.head; it; it = it->next)
		if (it->kind == QI_EVENT)
			CHECK(it->m->data[0] == '{' &&
			      strncmp(it->m->data + 1, dev->device->member, dev->device->member_len) == 0 &&
			      it->m->data[dev->device->member_len + 1] == ',');
	CHECK_INT(fake.closes, 0);
	relay_down();
}

/* One device message that must be refused with -32600 (to the device): no inspector gets an
 * event or a result from it (a request its head names may fail with -32603). */
static void check_device_message_refused(struct peer *dev, struct peer *insp, const char *text)
{
	say(dev, text, 0);
	json_t *err = take(dev);
	bool refused =
		json_integer_value(json_object_get(json_object_get(err, "error"), "code")) == ERR_INVALID_REQUEST;
	json_decref(err);
	for (json_t *got; (got = take(insp)); json_decref(got))
		refused = refused && json_integer_value(json_object_get(json_object_get(got, "error"), "code")) ==
					     ERR_INTERNAL_ERROR;
	if (!refused) {
		fprintf(stderr, "  not refused (or forwarded): %s\n", text);
		CHECK(0);
	}
	drain(dev);
}

/* Sends an inspector's Tree.getDocument to org.app@one; returns the gateway id it was forwarded
 * under. */
static long long forwarded_request(struct peer *insp, struct peer *dev, long long id)
{
	char ask[128];
	snprintf(ask, sizeof ask, "{\"id\":%lld,\"method\":\"Tree.getDocument\",\"device\":\"org.app@one\"}", id);
	say(insp, ask, 0);
	long long gid = 0;
	for (json_t *fwd; (fwd = take(dev)); json_decref(fwd)) /* after any Inspector.attached */
		if (json_object_get(fwd, "id"))
			gid = (long long)json_integer_value(json_object_get(fwd, "id"));
	return gid;
}

static void test_relay_device_cannot_name_devices_or_repeat_keys(void)
{
	/* Only the gateway adds "device", and a key the gateway routes or rewrites appears once in
	 * the whole envelope: JSON.parse and Python read the last of two, the gateway the first.
	 * Every position (head, after the body, inside nothing) and every kind of message. */
	relay_up(1 << 20);
	struct peer *dev = registered_device("org.app", "one");
	registered_device("org.app", "two");
	struct peer *insp = greeted_inspector();
	say(insp, "{\"id\":2,\"method\":\"Gateway.attach\",\"params\":{\"device\":\"org.app@one\"}}", 0);
	drain(insp);
	drain(dev); /* Inspector.attached */
	static const char *const events[] = {
		"{\"method\":\"Tree.updated\",\"device\":\"d2\",\"params\":{}}",
		"{\"method\":\"Tree.updated\",\"params\":{},\"device\":\"d2\"}",
		"{\"method\":\"Tree.updated\",\"params\":{\"a\":[1,{\"b\":\"}\\\"\"}]},\"device\":\"d2\"}",
		"{\"method\":\"Tree.updated\",\"params\":{},\"method\":\"Layout.setStyle\"}",
		"{\"method\":\"Tree.updated\",\"params\":{},\"params\":{\"forged\":1}}",
		"{\"method\":\"Tree.updated\",\"params\":{},\"result\":{}}",
		"{\"method\":\"Tree.updated\",\"params\":{},\"\\u0064evice\":\"d2\"}",
		"{\"method\":\"Tree.updated\",\"x\":{\"device\":1},\"params\":{},\"id\":5,\"id\":6}",
		"{\"method\":\"Tree.updated\",\"params\":{},\"id\":5}", /* a reply to the reader, an event to the gateway */
	};
	for (size_t i = 0; i < sizeof events / sizeof events[0]; i++) {
		check_device_message_refused(dev, insp, events[i]);
		/* fed while it arrives, cut anywhere: the same fault */
		struct envelope e;
		struct json_check_error once, parts;
		size_t len = strlen(events[i]);
		if (envelope_scan(events[i], len, &e) == ENVELOPE_INVALID)
			continue;
		CHECK(!envelope_check_members(events[i], len, &e, &once));
		for (size_t cut = 0; cut <= len; cut++) {
			struct envelope_members k;
			envelope_members_init(&k);
			envelope_members_feed(&k, events[i], cut);
			CHECK(!envelope_members_finish(&k, events[i], len, &e, &parts));
			CHECK(parts.offset == once.offset && parts.reason == once.reason);
		}
	}
	char reply[256];
	const char *const replies[] = {
		"{\"id\":%lld,\"result\":{},\"id\":%lld}",
		"{\"id\":%lld,\"result\":{\"id\":1},\"error\":{\"code\":1},\"z\":%lld}",
		"{\"id\":%lld,\"result\":{},\"result\":{\"forged\":%lld}}",
		"{\"id\":%lld,\"result\":{},\"device\":\"d%lld\"}",
		"{\"id\":%lld,\"result\":{},\"\\u0069d\":%lld}",
		"{\"id\":%lld,\"result\":{},\"method\":\"Tree.updated\",\"z\":%lld}", /* an event to the page */
	};
	for (size_t i = 0; i < sizeof replies / sizeof replies[0]; i++) {
		/* two pending requests: the reply names the first and would redirect to the second */
		long long gid = forwarded_request(insp, dev, 10 + 2 * (long long)i);
		long long gid2 = forwarded_request(insp, dev, 11 + 2 * (long long)i);
		snprintf(reply, sizeof reply, replies[i], gid, gid2);
		check_device_message_refused(dev, insp, reply);
		/* the first request failed at once (-32603); the second still waits for its own reply */
		snprintf(reply, sizeof reply, "{\"id\":%lld,\"result\":{\"honest\":true}}", gid2);
		say(dev, reply, 0);
		json_t *back = take(insp);
		CHECK_INT(json_integer_value(json_object_get(back, "id")), 11 + 2 * (long long)i);
		CHECK(json_is_true(json_object_get(json_object_get(back, "result"), "honest")));
		json_decref(back);
	}
	/* Requests from a device (only Gateway.register exists) are refused the same way. */
	check_device_message_refused(dev, insp, "{\"id\":9,\"method\":\"X\",\"params\":{},\"id\":10}");
	/* The members inside params or result may be anything; such messages pass. */
	say(dev, "{\"method\":\"Tree.updated\",\"params\":{\"device\":\"d2\",\"id\":1,\"id\":2}}", 0);
	CHECK_INT(insp->q.count, 1);
	drain(insp);
	long long gid = forwarded_request(insp, dev, 3);
	snprintf(reply, sizeof reply, "{\"id\":%lld,\"result\":{\"id\":7,\"result\":[{\"error\":1}]}}", gid);
	say(dev, reply, 0);
	json_t *back = take(insp);
	CHECK_INT(json_integer_value(json_object_get(back, "id")), 3);
	json_decref(back);
	relay_down();
}

static void test_relay_http_snapshot_slices_result(void)
{
	relay_up(1 << 20);
	struct peer *dev = registered_device("org.app", "one");
	struct peer *http = relay_open(&relay, PEER_HTTP, NULL, "http");
	struct http_response resp = {0};
	CHECK(!http_api_handle(&relay, http, "GET", "/api/devices/org.app/snapshot", NULL, 0, 0, &resp));
	json_t *fwd = take(dev);
	long long gid = (long long)json_integer_value(json_object_get(fwd, "id"));
	json_decref(fwd);
	char reply[128];
	snprintf(reply, sizeof reply, "{\"id\":%lld,\"result\":{\"format\":\"weft.snapshot\",\"version\":1}}", gid);
	say(dev, reply, 0);
	CHECK_INT(fake.http_replies, 1);
	CHECK_INT(fake.resp.status, 200);
	CHECK(fake.resp.body && fake.resp.body->len == strlen("{\"format\":\"weft.snapshot\",\"version\":1}"));
	CHECK(fake.resp.body &&
	      strncmp(fake.resp.body->data, "{\"format\":\"weft.snapshot\",\"version\":1}", fake.resp.body->len) == 0);
	/* Unknown and ambiguous selectors answer at once. */
	registered_device("org.app", "two");
	CHECK(http_api_handle(&relay, http, "GET", "/api/devices/org.app", NULL, 0, 0, &resp));
	CHECK_INT(resp.status, 409);
	msg_unref(resp.body);
	CHECK(http_api_handle(&relay, http, "GET", "/api/devices/nope/snapshot", NULL, 0, 0, &resp));
	CHECK_INT(resp.status, 404);
	msg_unref(resp.body);
	CHECK(http_api_handle(&relay, http, "POST", "/api/devices/d1/snapshot", NULL, 0, 0, &resp));
	CHECK_INT(resp.status, 405);
	msg_unref(resp.body);
	relay_down();
}

/* A DevTools peer is bound to a device: CDP requests go as DevTools.call with its session,
 * replies come back with the CDP id, DevTools.event messages reach their session alone, unwrapped;
 * inspectors never see them and DevTools peers never see Weft events; closing tells the device;
 * a re-registration re-attaches and says DOM.documentUpdated. */
static void test_relay_devtools_sessions(void)
{
	relay_up(1 << 20);
	struct peer *dev = registered_device("org.app", "one");
	char id[32], attach[128];
	snprintf(id, sizeof id, "%s", dev->device->id);
	snprintf(attach, sizeof attach, "{\"id\":2,\"method\":\"Gateway.attach\",\"params\":{\"device\":\"%s\"}}", id);
	struct peer *insp = greeted_inspector();
	say(insp, attach, 0);
	struct peer *a = relay_open(&relay, PEER_DEVTOOLS, NULL, "a"),
		    *b = relay_open(&relay, PEER_DEVTOOLS, NULL, "b");
	CHECK(devtools_bind(&relay, a, "org.app@one", 0));
	CHECK(devtools_bind(&relay, b, id, 0));
	struct peer *none = relay_open(&relay, PEER_DEVTOOLS, NULL, "c");
	CHECK(!devtools_bind(&relay, none, "org.other", 0));
	relay_closed(&relay, none, 0);
	CHECK_INT(dev->device->n_inspectors, 3);
	drain(dev);
	drain(insp);

	say(a, "{\"id\":5,\"method\":\"DOM.getDocument\",\"params\":{\"depth\":2}}", 0);
	json_t *fwd = take(dev);
	CHECK_STR(json_string_value(json_object_get(fwd, "method")), "DevTools.call");
	json_t *params = json_object_get(fwd, "params");
	CHECK_INT(json_integer_value(json_object_get(params, "session")), a->devtools_session);
	CHECK_STR(json_string_value(json_object_get(params, "method")), "DOM.getDocument");
	CHECK_INT(json_integer_value(json_object_get(json_object_get(params, "params"), "depth")), 2);
	char text[256];
	snprintf(text, sizeof text, "{\"id\":%lld,\"result\":{\"root\":{}}}",
		 (long long)json_integer_value(json_object_get(fwd, "id")));
	json_decref(fwd);
	say(dev, text, 1);
	json_t *back = take(a);
	CHECK_INT(json_integer_value(json_object_get(back, "id")), 5);
	CHECK(json_is_object(json_object_get(json_object_get(back, "result"), "root")));
	json_decref(back);

	/* An event for b's session: b alone gets the CDP message, byte for byte. */
	snprintf(
		text, sizeof text,
		"{\"method\":\"DevTools.event\",\"params\":{\"session\":%lld,\"message\":{\"method\":\"DOM.x\",\"params\":{\"k\":[1]}}}}",
		b->devtools_session);
	say(dev, text, 2);
	CHECK_INT(a->q.count, 0);
	CHECK_INT(insp->q.count, 0);
	CHECK_INT(b->q.count, 1);
	CHECK(b->q.head && b->q.head->m->len == strlen("{\"method\":\"DOM.x\",\"params\":{\"k\":[1]}}") &&
	      memcmp(b->q.head->m->data, "{\"method\":\"DOM.x\",\"params\":{\"k\":[1]}}", b->q.head->m->len) == 0);
	drain(b);
	/* Malformed DevTools.event params and unknown sessions are dropped; Weft events skip DevTools peers. */
	say(dev, "{\"method\":\"DevTools.event\",\"params\":{\"message\":{},\"session\":1}}", 2);
	say(dev, "{\"method\":\"DevTools.event\",\"params\":{\"session\":999,\"message\":{\"method\":\"X\"}}}", 2);
	say(dev, "{\"method\":\"Tree.updated\",\"params\":{}}", 2);
	CHECK_INT(a->q.count + b->q.count, 0);
	CHECK_INT(insp->q.count, 1);
	drain(insp);

	/* Nobody else can act as a DevTools session: an inspector's DevTools.call is refused. */
	say(insp, "{\"id\":9,\"method\":\"DevTools.call\",\"device\":\"d1\",\"params\":{\"session\":1}}", 2);
	back = take(insp);
	CHECK_INT(json_integer_value(json_object_get(json_object_get(back, "error"), "code")), ERR_METHOD_NOT_FOUND);
	json_decref(back);
	CHECK_INT(dev->q.count, 0);

	/* Bad CDP input: answered by the gateway. */
	say(a, "nope", 3);
	back = take(a);
	CHECK(json_is_null(json_object_get(back, "id")));
	CHECK_INT(json_integer_value(json_object_get(json_object_get(back, "error"), "code")), ERR_PARSE_ERROR);
	json_decref(back);
	say(a, "{\"id\":6,\"method\":\"DOM.getDocument\",\"sessionId\":\"S\"}", 3);
	back = take(a);
	CHECK_INT(json_integer_value(json_object_get(json_object_get(back, "error"), "code")), ERR_INVALID_PARAMS);
	json_decref(back);
	CHECK_INT(dev->q.count, 0);

	/* Closing b tells the device which session ended. */
	long long session_b = b->devtools_session;
	relay_closed(&relay, b, 4);
	json_t *closed = take(dev);
	while (closed && strcmp(json_string_value(json_object_get(closed, "method")), "DevTools.closed") != 0) {
		json_decref(closed);
		closed = take(dev);
	}
	CHECK(closed != NULL);
	CHECK_INT(json_integer_value(json_object_get(json_object_get(closed, "params"), "session")), session_b);
	json_decref(closed);

	/* The program goes and comes back past its grace period: a is attached again and told. */
	relay_closed(&relay, dev, 5);
	say(a, "{\"id\":7,\"method\":\"DOM.getDocument\"}", 6);
	back = take(a);
	CHECK_INT(json_integer_value(json_object_get(json_object_get(back, "error"), "code")), ERR_DEVICE_GONE);
	json_decref(back);
	relay_tick(&relay, 5 + 5000000);
	CHECK(relay.reg.devices == NULL);
	dev = registered_device("org.app", "one");
	CHECK_STR(dev->device->id, id);
	CHECK(device_has_inspector(dev->device, a));
	back = take(a);
	CHECK_STR(json_string_value(json_object_get(back, "method")), "DOM.documentUpdated");
	json_decref(back);
	relay_down();
}

static void test_devtools_discovery_and_origins(void)
{
	relay_up(1 << 20);
	const char *id = registered_device("org.app", "one")->device->id;
	char socket[128], frontend[192];
	snprintf(socket, sizeof socket, "ws://127.0.0.1:9223/devtools/page/%s?token=t k", id);
	snprintf(frontend, sizeof frontend,
		 "devtools://devtools/bundled/devtools_app.html?ws=127.0.0.1:9223/devtools/page/%s%%3Ftoken%%3Dt%%20k",
		 id);
	struct http_response resp = {0};
	devtools_http(&relay, "GET", "/json/list", "127.0.0.1:9223", "t k", &resp);
	CHECK_INT(resp.status, 200);
	json_t *list = json_loadb(resp.body->data, resp.body->len, 0, NULL);
	json_t *t = json_array_get(list, 0);
	CHECK_STR(json_string_value(json_object_get(t, "id")), id);
	CHECK_STR(json_string_value(json_object_get(t, "webSocketDebuggerUrl")), socket);
	CHECK_STR(json_string_value(json_object_get(t, "devtoolsFrontendUrl")), frontend);
	json_decref(list);
	msg_unref(resp.body);
	devtools_http(&relay, "POST", "/json", "h:1", NULL, &resp);
	CHECK_INT(resp.status, 405);
	msg_unref(resp.body);
	relay_down();
	CHECK(devtools_owns("/json") && devtools_owns("/json/list") && devtools_owns("/json/version") &&
	      !devtools_owns("/jsonx"));
	CHECK_STR(devtools_page_selector("/devtools/page/org.app@one"), "org.app@one");
	CHECK(devtools_page_selector("/devtools/page/") == NULL && devtools_page_selector("/device") == NULL);
	struct access_policy a = {.port = 9223};
	CHECK(access_devtools_origin_ok(&a, NULL, "127.0.0.1:9223"));
	CHECK(access_devtools_origin_ok(&a, "devtools://devtools", "127.0.0.1:9223"));
	CHECK(access_devtools_origin_ok(&a, "http://127.0.0.1:9223", "127.0.0.1:9223"));
	CHECK(!access_devtools_origin_ok(&a, "http://evil.example", "127.0.0.1:9223"));
	CHECK(!access_devtools_origin_ok(&a, "devtools://devtools.evil", "127.0.0.1:9223"));
	CHECK(!access_devtools_origin_ok(&a, "null", "127.0.0.1:9223"));
}

int main(int argc, char **argv)
{
	test_filter = argc > 1 ? argv[1] : NULL;
	log_threshold = LOG_WARN;
	RUN(test_envelope_kinds);
	RUN(test_envelope_head_obeys_json_rules);
	RUN(test_envelope_head_is_bounded);
	RUN(test_envelope_edits);
	RUN(test_queue_limits);
	RUN(test_json_check_accepts_every_kind_of_value);
	RUN(test_json_check_refuses_with_offset_and_reason);
	RUN(test_json_check_truncation_is_reported_at_the_end);
	RUN(test_json_check_depth_limit);
	RUN(test_json_check_agrees_with_jansson);
	RUN(test_json_checker_fed_in_fragments_agrees);
	RUN(test_reply_check_fed_in_fragments_agrees);
	RUN(test_registry_ids_and_selectors);
	RUN(test_access_rules);
	RUN(test_access_fails_closed_on_every_length);
	RUN(test_json_content_type_is_exact);
	RUN(test_log_escapes_control_characters);
	RUN(test_static_resolution);
	RUN(test_ws_frame_scan_every_split);
	RUN(test_sizes_and_flags);
	RUN(test_relay_forwarding_and_timeouts);
	RUN(test_relay_slow_inspector_drops_events);
	RUN(test_relay_device_cannot_name_devices_or_repeat_keys);
	RUN(test_relay_http_snapshot_slices_result);
	RUN(test_relay_devtools_sessions);
	RUN(test_devtools_discovery_and_origins);
	return check_summary();
}
