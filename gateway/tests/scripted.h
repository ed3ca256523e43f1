/* Scripted peers for the integration tests: a test client (tc) wraps a WebSocket client and
 * keeps the messages it skipped while waiting for another one, so a test can wait for "the reply
 * to id 3" or "the next Tree.updated" in any order. Devices register and inspectors say hello
 * like the real programs do. */
#ifndef WEFT_SCRIPTED_H
#define WEFT_SCRIPTED_H

#include <jansson.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "monotonic.h"
#include "wsclient.h"

#define WAIT_MS 3000

struct tc {
	struct wsc *ws;
	json_t *backlog; /* messages skipped by await() */
	char device_id[24];
};

static struct tc *tc_connect(struct client_pool *pool, const struct wsc_options *o)
{
	struct tc *t = calloc(1, sizeof *t);
	t->ws = wsc_connect(pool, o);
	t->backlog = json_array();
	if (!wsc_wait_open(t->ws, WAIT_MS))
		fprintf(stderr, "  could not open %s: %s\n", o->path, t->ws->error);
	return t;
}

static void tc_free(struct tc *t)
{
	if (!t)
		return;
	wsc_free(t->ws);
	json_decref(t->backlog);
	free(t);
}

static int tc_sendf(struct tc *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int tc_sendf(struct tc *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = wsc_vsendf(t->ws, fmt, ap);
	va_end(ap);
	return r;
}

/* Services the pool until everything queued on t has been written. */
static void tc_flush(struct tc *t)
{
	long long end = monotonic_ms() + WAIT_MS;
	while ((t->ws->out.count > 0) && t->ws->state == WSC_OPEN && monotonic_ms() < end)
		wsc_service(t->ws->pool, 5);
}

typedef bool (*tc_match)(json_t *msg, const void *arg);

/* The first message (skipped earlier or arriving within timeout_ms) that matches; a new
 * reference, or NULL. Messages that do not match are kept for later. Unparseable messages are
 * returned as a JSON string holding their text. */
static json_t *tc_await(struct tc *t, tc_match match, const void *arg, int timeout_ms)
{
	size_t i;
	json_t *m;
	json_array_foreach(t->backlog, i, m)
	{
		if (match(m, arg)) {
			json_incref(m);
			json_array_remove(t->backlog, i);
			return m;
		}
	}
	long long end = monotonic_ms() + timeout_ms;
	for (;;) {
		long long left = end - monotonic_ms();
		if (left <= 0)
			return NULL;
		struct ws_message *raw = wsc_recv(t->ws, (int)left);
		if (!raw)
			return NULL;
		json_t *j = json_loadb(raw->data, raw->len, 0, NULL);
		if (!j)
			j = json_stringn(raw->data, raw->len);
		free(raw);
		if (match(j, arg))
			return j;
		json_array_append_new(t->backlog, j);
	}
}

static bool match_any(json_t *m, const void *arg)
{
	(void)m;
	(void)arg;
	return true;
}

static bool match_id(json_t *m, const void *arg)
{
	json_t *id = json_object_get(m, "id");
	return json_is_integer(id) && json_integer_value(id) == *(const long long *)arg &&
	       !json_object_get(m, "method");
}

static bool match_reply(json_t *m, const void *arg)
{
	(void)arg;
	return json_object_get(m, "id") && !json_object_get(m, "method");
}

static bool match_method(json_t *m, const void *arg)
{
	const char *method = json_string_value(json_object_get(m, "method"));
	return method && strcmp(method, arg) == 0;
}

static json_t *tc_reply(struct tc *t, long long id) { return tc_await(t, match_id, &id, WAIT_MS); }
static json_t *tc_method(struct tc *t, const char *method) { return tc_await(t, match_method, method, WAIT_MS); }
static json_t *tc_next(struct tc *t, int timeout_ms) { return tc_await(t, match_any, NULL, timeout_ms); }
static json_t *tc_next_reply(struct tc *t) { return tc_await(t, match_reply, NULL, WAIT_MS); }

/* The error code of a reply, 0 when it is no error reply. */
static int error_code(json_t *reply)
{
	return (int)json_integer_value(json_object_get(json_object_get(reply, "error"), "code"));
}

static const char *str_at(json_t *j, const char *k1, const char *k2)
{
	json_t *v = json_object_get(j, k1);
	if (k2)
		v = json_object_get(v, k2);
	return json_string_value(v);
}

static long long int_at(json_t *j, const char *k1, const char *k2)
{
	json_t *v = json_object_get(j, k1);
	if (k2)
		v = json_object_get(v, k2);
	return json_is_integer(v) ? (long long)json_integer_value(v) : -999999;
}

static const char *test_instance(void)
{
	static char name[64];
	static int serial;
	snprintf(name, sizeof name, "test-%d-%d", (int)getpid(), ++serial);
	return name;
}

/* A device that registered as app_id@instance; its deviceId is in device_id. */
static struct tc *device_open(struct client_pool *pool, const char *app_id, const char *instance)
{
	struct tc *d = tc_connect(pool, &(struct wsc_options){.path = "/device"});
	tc_sendf(d,
		 "{\"id\":1,\"method\":\"Gateway.register\",\"params\":{\"protocolVersion\":1,\"identity\":{\"appId\":"
		 "\"%s\",\"instance\":\"%s\",\"host\":\"testhost\"},\"info\":{\"appName\":\"Test\",\"pid\":%d}}}",
		 app_id, instance, (int)getpid());
	json_t *reply = tc_reply(d, 1);
	const char *id = str_at(reply, "result", "deviceId");
	snprintf(d->device_id, sizeof d->device_id, "%s", id ? id : "?");
	json_decref(reply);
	return d;
}

/* An inspector that said hello (with ?token when given). */
static struct tc *inspector_open_path(struct client_pool *pool, const char *path)
{
	struct tc *t = tc_connect(pool, &(struct wsc_options){.path = path});
	tc_sendf(t, "{\"id\":1,\"method\":\"Gateway.hello\",\"params\":{\"protocolVersion\":1,\"client\":\"test\"}}");
	json_decref(tc_reply(t, 1));
	return t;
}

static struct tc *inspector_open(struct client_pool *pool) { return inspector_open_path(pool, "/inspector"); }

/* Sends Gateway.attach and waits for its reply. */
static void inspector_attach(struct tc *t, long long id, const char *device)
{
	tc_sendf(t, "{\"id\":%lld,\"method\":\"Gateway.attach\",\"params\":{\"device\":\"%s\"}}", id, device);
	json_decref(tc_reply(t, id));
}

#endif
