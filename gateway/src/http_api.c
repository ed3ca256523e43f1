#include "http_api.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "devtools.h"
#include "json_check.h"
#include "log.h"
#include "protocol.h"
#include "reply_check.h"

bool http_api_owns(const char *path)
{
	return strcmp(path, "/healthz") == 0 || strcmp(path, "/api") == 0 || strncmp(path, "/api/", 5) == 0;
}

bool http_api_needs_token(const char *path) { return http_api_owns(path) && strcmp(path, "/healthz") != 0; }

void http_api_error(struct http_response *resp, int status, int code, const char *message, json_t *data)
{
	json_t *j = json_pack("{s:o}", "error", error_object(code, message, data));
	resp->status = status;
	resp->body = msg_from_json(j);
	json_decref(j);
}

static void respond_json(struct http_response *resp, int status, json_t *j)
{
	resp->status = status;
	resp->body = msg_from_json(j);
	json_decref(j);
	if (!resp->body)
		resp->status = 500;
}

/* The HTTP status for a protocol error code. */
static int status_for(int code)
{
	switch (code) {
	case ERR_UNKNOWN_DEVICE:
		return 404;
	case ERR_DEVICE_GONE:
		return 503;
	case ERR_TIMED_OUT:
		return 504;
	case ERR_PARSE_ERROR:
	case ERR_INVALID_REQUEST:
	case ERR_INVALID_PARAMS:
		return 400;
	default:
		return 500;
	}
}

/* Resolves the {device} of a path; answers the error and returns NULL when it fails. */
static struct device *resolve(struct relay *r, const char *selector, struct http_response *resp)
{
	struct device *d = NULL;
	json_t *candidates = NULL;
	switch (registry_resolve(&r->reg, selector, &d, &candidates)) {
	case RESOLVE_OK:
		return d;
	case RESOLVE_UNKNOWN:
		http_api_error(resp, 404, ERR_UNKNOWN_DEVICE, "unknown device", json_pack("{s:s}", "device", selector));
		return NULL;
	case RESOLVE_AMBIGUOUS:
		http_api_error(resp, 409, ERR_UNKNOWN_DEVICE, "ambiguous device",
			       json_pack("{s:s, s:o}", "device", selector, "candidates", candidates));
		return NULL;
	}
	return NULL;
}

static bool method_not_allowed(struct http_response *resp, const char *allowed)
{
	http_api_error(resp, 405, ERR_INVALID_REQUEST, "method not allowed", json_pack("{s:s}", "allow", allowed));
	return true;
}

/* POST .../call with {"method", "params"?}. */
static bool call(struct relay *r, struct peer *exchange, struct device *d, const char *body, size_t body_len,
		 long long now, struct http_response *resp)
{
	json_error_t err;
	json_t *req = json_loadb(body ? body : "", body_len, JSON_REJECT_DUPLICATES, &err);
	json_t *method = json_object_get(req, "method");
	json_t *params = json_object_get(req, "params");
	bool answered = true;
	if (!req)
		http_api_error(resp, 400, ERR_PARSE_ERROR, "parse error", json_string(err.text));
	else if (!json_is_object(req) || !json_is_string(method) || !*json_string_value(method))
		http_api_error(resp, 400, ERR_INVALID_REQUEST, "the body is {\"method\", \"params\"?}", NULL);
	else if (params && !json_is_object(params))
		http_api_error(resp, 400, ERR_INVALID_PARAMS, "\"params\" must be an object", NULL);
	else if (strncmp(json_string_value(method), "Gateway.", 8) == 0)
		http_api_error(resp, 400, ERR_METHOD_NOT_FOUND, "gateway methods are not callable here", NULL);
	else if (devtools_method_reserved(json_string_value(method)))
		http_api_error(resp, 400, ERR_METHOD_NOT_FOUND,
			       "DevTools.call is sent by the gateway for DevTools connections", NULL);
	else if (!d->peer)
		http_api_error(resp, 503, ERR_DEVICE_GONE, "device is disconnected", NULL);
	else {
		exchange->http_mode = HTTP_CALL;
		answered = false;
		relay_forward_http(r, exchange, d, json_string_value(method), params ? json_incref(params) : NULL, now);
	}
	json_decref(req);
	return answered;
}

enum device_action { ACTION_DEVICE, ACTION_SNAPSHOT, ACTION_CALL };

/* What the rest of a path after /api/devices/ asks for, and the length of its {device} part.
 *
 * libwebsockets hands over the path already %-decoded ('+' read as a space) and with "//", "/./"
 * and "/../" folded; it keeps no copy of the raw request target. So a selector's "%2F" (an
 * instance named "main/window") is a '/' by now, and splitting the path at its first '/' would
 * cut the selector. The action is read from the end instead: a last segment "snapshot" or
 * "call" is the action and everything before it the selector, which may hold '/' (and must not
 * be decoded again: "%25" has already become '%'). */
static enum device_action device_action(const char *rest, size_t *selector_len)
{
	size_t len = strlen(rest);
	static const struct {
		const char *suffix;
		enum device_action action;
	} actions[] = {{"/snapshot", ACTION_SNAPSHOT}, {"/call", ACTION_CALL}};
	for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++) {
		size_t n = strlen(actions[i].suffix);
		if (len > n && strcmp(rest + len - n, actions[i].suffix) == 0) {
			*selector_len = len - n;
			return actions[i].action;
		}
	}
	*selector_len = len;
	return ACTION_DEVICE;
}

bool http_api_handle(struct relay *r, struct peer *exchange, const char *method, const char *path, const char *body,
		     size_t body_len, long long now, struct http_response *resp)
{
	bool get = strcmp(method, "GET") == 0;
	if (strcmp(path, "/healthz") == 0) {
		if (!get)
			return method_not_allowed(resp, "GET");
		respond_json(resp, 200, json_pack("{s:b}", "ok", 1));
		return true;
	}
	if (strcmp(path, "/api/devices") == 0 || strcmp(path, "/api/devices/") == 0) {
		if (!get)
			return method_not_allowed(resp, "GET");
		respond_json(resp, 200, json_pack("{s:o}", "devices", registry_devices_json(&r->reg)));
		return true;
	}
	if (strncmp(path, "/api/devices/", 13) != 0) {
		http_api_error(resp, 404, ERR_METHOD_NOT_FOUND, "no such API path", json_pack("{s:s}", "path", path));
		return true;
	}
	/* /api/devices/{device}[/snapshot|/call]. */
	const char *rest = path + 13;
	size_t len;
	enum device_action action = device_action(rest, &len);
	char selector[256];
	if (len == 0 || len >= sizeof selector) {
		http_api_error(resp, 404, ERR_UNKNOWN_DEVICE, "unknown device", NULL);
		return true;
	}
	memcpy(selector, rest, len);
	selector[len] = '\0';
	bool is_call = action == ACTION_CALL;
	if (is_call ? strcmp(method, "POST") != 0 : !get)
		return method_not_allowed(resp, is_call ? "POST" : "GET");
	struct device *d = resolve(r, selector, resp);
	if (!d)
		return true;
	if (action == ACTION_DEVICE) {
		respond_json(resp, 200, device_json(d));
		return true;
	}
	if (is_call)
		return call(r, exchange, d, body, body_len, now, resp);
	if (!d->peer) {
		http_api_error(resp, 503, ERR_DEVICE_GONE, "device is disconnected", NULL);
		return true;
	}
	exchange->http_mode = HTTP_SNAPSHOT;
	relay_forward_http(r, exchange, d, "Tree.getDocument", NULL, now);
	return false;
}

/* The HTTP API answers a device's body as a success, so it must be JSON (the WebSocket relay
 * forwards bodies unread; this path reads them once, as they arrive, without a DOM:
 * reply_check.h). True when check found it is; else answers 502 saying where it breaks: the
 * offset is counted within the device's result or error value (which starts at body_at) when it
 * lies there, else within its whole reply. Also logged as a warning: a device writing broken
 * JSON is a bug to see in the log. */
static bool device_json_checked(const struct peer *exchange, struct reply_check *check, const struct msg *reply,
				size_t body_at, const char *body_name, struct http_response *resp)
{
	struct json_check_error err;
	if (reply_check_finish(check, reply->data, reply->len, &err))
		return true;
	const char *part = err.offset >= body_at ? body_name : "reply";
	size_t offset = err.offset >= body_at ? err.offset - body_at : err.offset;
	char message[192];
	snprintf(message, sizeof message, "the device's reply is not valid JSON: %s at byte %zu of its %s", err.reason,
		 offset, part);
	log_warn("%s: 502 for %s: %s", exchange->label, exchange->http_mode == HTTP_SNAPSHOT ? "a snapshot" : "a call",
		 message);
	http_api_error(resp, 502, ERR_INTERNAL_ERROR, message,
		       json_pack("{s:s, s:I, s:s}", "in", part, "offset", (json_int_t)offset, "reason", err.reason));
	return false;
}

void http_api_answer(const struct peer *exchange, struct msg *reply, const struct envelope *e, int code,
		     const char *message, struct reply_check *check, struct http_response *resp)
{
	if (!reply) {
		http_api_error(resp, status_for(code), code, message, NULL);
		return;
	}
	struct reply_check at_once;
	if (!check || check->scope == CHECK_UNDECIDED || check->scope == CHECK_NONE) {
		check = &at_once; /* it arrived before its check could start: all of it now */
		reply_check_start(check, exchange->http_mode, e);
	}
	const char *body_name = e->body == BODY_RESULT ? "result" : "error";
	if (!device_json_checked(exchange, check, reply, e->body_value, body_name, resp))
		return;
	if (check->scope == CHECK_RESULT) {
		/* The Snapshot is the result's bytes (no copy): those are what was checked. */
		size_t start, len;
		envelope_body_slice(reply->data, reply->len, e, &start,
				    &len); /* there is one: the check found its '}' */
		reply->data += start;
		reply->len = len;
		resp->status = 200;
	} else if (!envelope_remove_id(reply, e)) { /* {"result": ...} or {"error": ...} */
		http_api_error(resp, 502, ERR_INTERNAL_ERROR, "the device's reply has no id member to remove", NULL);
		return;
	} else {
		/* a device error for a snapshot is the gateway's failure to get one: 502 */
		resp->status = exchange->http_mode == HTTP_SNAPSHOT ? 502 : 200;
	}
	resp->body = msg_ref(reply);
}

bool http_api_json_content_type(const char *value)
{
	if (!value)
		return false;
	value += strspn(value, " \t");
	if (strncasecmp(value, "application/json", 16) != 0)
		return false;
	const char *rest = value + 16;
	rest += strspn(rest, " \t");
	return *rest == '\0' || *rest == ';';
}
