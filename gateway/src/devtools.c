#include "devtools.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "log.h"
#include "protocol.h"

#define DEVTOOLS_FRONTEND "devtools://devtools/bundled/devtools_app.html"

bool devtools_owns(const char *path)
{
	return strcmp(path, "/json") == 0 || strcmp(path, "/json/") == 0 || strcmp(path, "/json/list") == 0 ||
	       strcmp(path, "/json/version") == 0;
}

bool devtools_method_reserved(const char *method) { return strcmp(method, "DevTools.call") == 0; }

const char *devtools_page_selector(const char *path)
{
	size_t n = strlen(DEVTOOLS_PAGE_PREFIX);
	return path && strncmp(path, DEVTOOLS_PAGE_PREFIX, n) == 0 && path[n] ? path + n : NULL;
}

/* Appends s to out percent-encoded as one query value. */
static void append_encoded(char *out, size_t cap, const char *s)
{
	size_t n = strlen(out);
	for (; *s && n + 4 < cap; s++) {
		unsigned char c = (unsigned char)*s;
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("-._~:/", c))
			out[n++] = (char)c;
		else
			n += (size_t)snprintf(out + n, cap - n, "%%%02X", c);
	}
	out[n] = 0;
}

/* One target of /json/list: what chrome://inspect lists and opens. */
static json_t *target_json(const struct device *d, const char *host, const char *token)
{
	char socket[512], ws[600], frontend[1024], title[256];
	snprintf(socket, sizeof socket, "%s" DEVTOOLS_PAGE_PREFIX "%s%s%s", host, d->id, token ? "?token=" : "",
		 token ? token : "");
	snprintf(ws, sizeof ws, "ws://%s", socket);
	snprintf(frontend, sizeof frontend, DEVTOOLS_FRONTEND "?ws=");
	append_encoded(frontend, sizeof frontend, socket);
	const char *name = json_string_value(json_object_get(d->info, "appName"));
	snprintf(title, sizeof title, "%s (%s)", name ? name : d->app_id, d->instance);
	json_t *t = json_pack("{s:s, s:s, s:s, s:s, s:s}", "id", d->id, "type", "page", "title", title, "description",
			      d->peer ? "Weft device, connected" : "Weft device, disconnected (in its grace period)",
			      "url", "");
	char url[512];
	snprintf(url, sizeof url, "weft://%s/%s", d->app_id, d->instance);
	json_object_set_new(t, "url", json_string(url));
	json_object_set_new(t, "webSocketDebuggerUrl", json_string(ws));
	json_object_set_new(t, "devtoolsFrontendUrl", json_string(frontend));
	return t;
}

void devtools_http(const struct relay *r, const char *method, const char *path, const char *host, const char *token,
		   struct http_response *resp)
{
	if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
		http_api_error(resp, 405, ERR_INVALID_REQUEST, "method not allowed",
			       json_pack("{s:s}", "allow", "GET"));
		return;
	}
	json_t *j;
	if (strcmp(path, "/json/version") == 0) {
		j = json_pack("{s:s, s:s, s:s}", "Browser", "Weft/" WEFT_GATEWAY_VERSION, "Protocol-Version", "1.3",
			      "User-Agent", "weft-gateway/" WEFT_GATEWAY_VERSION);
	} else {
		j = json_array();
		for (const struct device *d = r->reg.devices; d; d = d->next) /* newest first: listed oldest first */
			json_array_insert_new(j, 0, target_json(d, host, token));
	}
	resp->status = 200;
	resp->body = msg_from_json(j);
	json_decref(j);
	if (!resp->body)
		http_api_error(resp, 500, ERR_INTERNAL_ERROR, "out of memory", NULL);
}

static long long next_session = 1;

bool devtools_bind(struct relay *r, struct peer *p, const char *selector, long long now)
{
	struct device *d = NULL;
	if (registry_resolve(&r->reg, selector, &d, NULL) != RESOLVE_OK)
		return false;
	p->devtools_session = next_session++;
	snprintf(p->devtools_device, sizeof p->devtools_device, "%s", d->id);
	relay_attach(r, d, p, now);
	return true;
}

/* The device a DevTools peer is bound to while it is listed (connected or in its grace period). */
static struct device *bound_device(const struct relay *r, const struct peer *p)
{
	for (struct device *d = r->reg.devices; d; d = d->next)
		if (strcmp(d->id, p->devtools_device) == 0)
			return d;
	return NULL;
}

void devtools_message(struct relay *r, struct peer *p, const struct msg *m, long long now)
{
	json_error_t err;
	json_t *req = json_loadb(m->data, m->len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &err);
	if (!req) {
		relay_deliver(r, p, reply_error(0, ERR_PARSE_ERROR, "parse error", json_string(err.text)), now);
		return;
	}
	json_t *jid = json_object_get(req, "id");
	json_t *params = json_object_get(req, "params");
	json_t *session = json_object_get(req, "sessionId");
	const char *method = json_string_value(json_object_get(req, "method"));
	long long id = json_is_integer(jid) && json_integer_value(jid) > 0 ? (long long)json_integer_value(jid) : 0;
	struct device *d = bound_device(r, p);
	if (!json_is_object(req) || !id)
		relay_deliver(r, p,
			      reply_error(0, ERR_INVALID_REQUEST,
					  "a CDP request is an object with a positive integer id", NULL),
			      now);
	else if (!method || !*method)
		relay_deliver(r, p, reply_error(id, ERR_INVALID_REQUEST, "\"method\" must be a non-empty string", NULL),
			      now);
	else if (params && !json_is_object(params))
		relay_deliver(r, p, reply_error(id, ERR_INVALID_PARAMS, "\"params\" must be an object", NULL), now);
	else if (session && !(json_is_string(session) && !*json_string_value(session)))
		relay_deliver(r, p,
			      reply_error(id, ERR_INVALID_PARAMS, "no such session: a Weft page has no child targets",
					  NULL),
			      now);
	else if (!d)
		relay_deliver(r, p, reply_error(id, ERR_DEVICE_GONE, "the program went away", NULL), now);
	else
		relay_forward(r, p, id, d, "DevTools.call",
			      json_pack("{s:I, s:s, s:o}", "session", (json_int_t)p->devtools_session, "method", method,
					"params", params ? json_incref(params) : json_object()),
			      now);
	json_decref(req);
}

/* Reads the params of a DevTools.event as the device writes them, {"session":N,"message":M}, and
 * finds M's bytes; false when they are not in that shape. */
static bool event_target(const char *data, size_t len, const struct envelope *e, long long *session, size_t *start,
			 size_t *n)
{
	size_t body, body_len;
	static const char head[] = "{\"session\":", mid[] = ",\"message\":";
	if (e->body != BODY_PARAMS || !envelope_body_slice(data, len, e, &body, &body_len))
		return false;
	const char *s = data + body, *end = s + body_len;
	while (end > s && (end[-1] == ' ' || end[-1] == '\n' || end[-1] == '\r' || end[-1] == '\t'))
		end--;
	if ((size_t)(end - s) < sizeof head + sizeof mid || memcmp(s, head, sizeof head - 1) != 0 || end[-1] != '}')
		return false;
	const char *p = s + sizeof head - 1;
	long long v = 0;
	int digits = 0;
	for (; p < end && *p >= '0' && *p <= '9' && digits < 18; p++, digits++)
		v = v * 10 + (*p - '0');
	if (!digits || (size_t)(end - p) < sizeof mid || memcmp(p, mid, sizeof mid - 1) != 0)
		return false;
	p += sizeof mid - 1;
	*session = v;
	*start = (size_t)(p - data);
	*n = (size_t)(end - 1 - p);
	return *n > 0;
}

void devtools_event(struct relay *r, struct device *d, const struct msg *m, const struct envelope *e, long long now)
{
	long long session;
	size_t start, n;
	if (!event_target(m->data, m->len, e, &session, &start, &n)) {
		log_debug("%s: DevTools.event not in the form {\"session\":N,\"message\":M}, dropped", d->id);
		return;
	}
	for (struct peer *p = r->peers; p; p = p->next)
		if (p->kind == PEER_DEVTOOLS && p->devtools_session == session &&
		    strcmp(p->devtools_device, d->id) == 0) {
			relay_deliver(r, p, msg_from(m->data + start, n), now);
			return;
		}
}

void devtools_device_registered(struct relay *r, struct device *d, long long now)
{
	for (struct peer *p = r->peers; p; p = p->next)
		if (p->kind == PEER_DEVTOOLS && !p->closing && strcmp(p->devtools_device, d->id) == 0) {
			device_attach(d, p);
			relay_deliver(r, p, event_message("DOM.documentUpdated", json_object()), now);
		}
}

void devtools_peer_leave(struct relay *r, struct peer *p, long long now)
{
	struct device *d = bound_device(r, p);
	if (d && d->peer)
		relay_deliver(r, d->peer,
			      event_message("DevTools.closed",
					    json_pack("{s:I}", "session", (json_int_t)p->devtools_session)),
			      now);
}
