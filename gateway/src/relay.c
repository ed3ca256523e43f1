#include "relay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "devtools.h"
#include "log.h"
#include "protocol.h"

#define CLOSE_POLICY 1008   /* a request or reply could not be queued */
#define CLOSE_PROTOCOL 1002 /* unsupported protocol version */

void relay_init(struct relay *r, const struct relay_config *cfg, const struct relay_hooks *hooks)
{
	*r = (struct relay){.cfg = *cfg, .hooks = *hooks};
	registry_init(&r->reg);
	pending_init(&r->pending);
}

static void free_peer(struct peer *p)
{
	queue_clear(&p->q);
	free(p);
}

void relay_free(struct relay *r)
{
	while (r->peers) {
		struct peer *p = r->peers;
		r->peers = p->next;
		free_peer(p);
	}
	pending_free(&r->pending);
	registry_free(&r->reg);
}

struct peer *relay_open(struct relay *r, enum peer_kind kind, void *conn, const char *label)
{
	struct peer *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->kind = kind;
	p->conn = conn;
	snprintf(p->label, sizeof p->label, "%s", label ? label : "?");
	queue_init(&p->q, r->cfg.queue_limit, r->cfg.queue_limit + r->cfg.max_message);
	p->next = r->peers;
	if (r->peers)
		r->peers->prev = p;
	r->peers = p;
	return p;
}

/* ---- sending ---- */

/* Queues a message that must not be dropped (m stays the caller's). When the peer's queue
 * cannot take it, the peer is closed with 1008. */
static bool deliver(struct relay *r, struct peer *p, struct msg *m, long long now)
{
	if (!m || p->closing)
		return false;
	if (queue_push(&p->q, m, QI_MESSAGE, NULL) != QUEUE_OK) {
		log_warn("%s: send queue full (%zu bytes), closing", p->label, p->q.bytes);
		relay_close_peer(r, p, CLOSE_POLICY, "send queue full", false, now);
		return false;
	}
	r->hooks.wake(r->hooks.ctx, p);
	return true;
}

/* deliver() for a message built for one peer. */
static void deliver_new(struct relay *r, struct peer *p, struct msg *m, long long now)
{
	deliver(r, p, m, now);
	msg_unref(m);
}

/* Queues a device's event for an inspector. When the inspector has fallen behind, its queued
 * events from that device are superseded: they are dropped with this one, and the inspector is
 * told to resync (once while such a notice is queued). */
static void deliver_event(struct relay *r, struct peer *p, struct msg *m, struct device *d, long long now)
{
	if (p->closing)
		return;
	if (queue_push(&p->q, m, QI_EVENT, d) == QUEUE_OK) {
		r->hooks.wake(r->hooks.ctx, p);
		return;
	}
	p->events_dropped += 1 + queue_drop_events(&p->q, d);
	if (queue_holds(&p->q, QI_RESYNC, d))
		return;
	log_debug("%s: fell behind on %s, %zu events dropped so far", p->label, d->id, p->events_dropped);
	struct msg *notice = event_message("Gateway.resyncRequired",
					   json_pack("{s:s, s:s}", "device", d->id, "reason", "slow-consumer"));
	if (!notice || queue_push(&p->q, notice, QI_RESYNC, d) != QUEUE_OK)
		relay_close_peer(r, p, CLOSE_POLICY, "send queue full", false, now);
	else
		r->hooks.wake(r->hooks.ctx, p);
	msg_unref(notice);
}

/* Sends a gateway event to every inspector that said hello. */
static void broadcast(struct relay *r, const char *method, json_t *params, long long now)
{
	struct msg *m = event_message(method, params);
	for (struct peer *p = r->peers; p && m; p = p->next)
		if (p->kind == PEER_INSPECTOR && p->greeted)
			deliver(r, p, m, now);
	msg_unref(m);
}

static void answer_error(struct relay *r, struct peer *requester, long long origin_id, int code, const char *message,
			 long long now)
{
	if (!requester)
		return;
	if (requester->kind == PEER_HTTP)
		r->hooks.http_reply(r->hooks.ctx, requester, NULL, NULL, NULL, code, message);
	else
		deliver_new(r, requester, reply_error(origin_id, code, message, NULL), now);
}

static void reply_ok(struct relay *r, struct peer *p, long long id, json_t *result, long long now)
{
	deliver_new(r, p, reply_result(id, result), now);
}

static void reply_err(struct relay *r, struct peer *p, long long id, int code, const char *message, json_t *data,
		      long long now)
{
	deliver_new(r, p, reply_error(id, code, message, data), now);
}

/* ---- pending requests ---- */

/* Forgets a pending request (answered, failed or abandoned). */
static void finish_pending(struct relay *r, struct pending *pd)
{
	if (pd->requester) {
		pd->requester->n_pending--;
		r->http_pending -= pd->requester->kind == PEER_HTTP;
	}
	pending_remove(&r->pending, pd);
}

/* Fails every pending request addressed to d. Answering may close peers, which changes the
 * table, so the scan restarts after each answer. */
static void fail_pending_of_device(struct relay *r, struct device *d, int code, const char *message, long long now)
{
	struct pending *pd = r->pending.first;
	while (pd) {
		if (pd->device != d) {
			pd = pd->next;
			continue;
		}
		struct peer *requester = pd->requester;
		long long origin_id = pd->origin_id;
		finish_pending(r, pd);
		answer_error(r, requester, origin_id, code, message, now);
		pd = r->pending.first;
	}
}

/* Forgets the requests of a requester that went away (their replies will be dropped). */
static void drop_pending_of_requester(struct relay *r, struct peer *requester)
{
	struct pending *pd = r->pending.first;
	while (pd) {
		struct pending *next = pd->next;
		if (pd->requester == requester)
			finish_pending(r, pd);
		pd = next;
	}
}

/* Sends a request to d's connection for requester, under a new gid. */
static void forward(struct relay *r, struct peer *requester, long long origin_id, struct device *d, const char *method,
		    json_t *params, long long now)
{
	if (!d->peer || d->peer->closing) {
		answer_error(r, requester, origin_id, ERR_DEVICE_GONE, "device is disconnected", now);
		return;
	}
	if (requester->n_pending >= RELAY_MAX_PENDING) {
		answer_error(r, requester, origin_id, ERR_INTERNAL_ERROR, "too many pending requests", now);
		return;
	}
	struct pending *pd = pending_add(&r->pending, requester, origin_id, d, now + r->cfg.request_timeout_us);
	if (pd) {
		requester->n_pending++;
		r->http_pending += requester->kind == PEER_HTTP;
	}
	json_t *body = params ? json_incref(params) : json_object();
	/* expiresAt: when, on the gateway's wall clock, this request is answered -32002 if the device
	 * has not answered it; a device applies nothing after that (protocol.md, expiry). */
	long long expires_at = wall_clock_ms() + r->cfg.request_timeout_us / 1000;
	json_t *request = pd ? json_pack("{s:I, s:s, s:I, s:o}", "id", (json_int_t)pd->gid, "method", method,
					 "expiresAt", (json_int_t)expires_at, "params", body)
			     : (json_decref(body), NULL);
	struct msg *m = msg_from_json(request);
	json_decref(request);
	if (!m) {
		if (pd)
			finish_pending(r, pd);
		answer_error(r, requester, origin_id, ERR_INTERNAL_ERROR, "out of memory", now);
		return;
	}
	/* When the device cannot take it, it is closed, which fails this request with -32001. */
	deliver_new(r, d->peer, m, now);
}

void relay_forward_http(struct relay *r, struct peer *http, struct device *d, const char *method, json_t *params,
			long long now)
{
	forward(r, http, 0, d, method, params, now);
	json_decref(params);
}

void relay_forward(struct relay *r, struct peer *requester, long long origin_id, struct device *d, const char *method,
		   json_t *params, long long now)
{
	forward(r, requester, origin_id, d, method, params, now);
	json_decref(params);
}

void relay_deliver(struct relay *r, struct peer *p, struct msg *m, long long now) { deliver_new(r, p, m, now); }

/* ---- attachment ---- */

static void notify_count(struct relay *r, struct device *d, const char *method, long long now)
{
	if (d->peer)
		deliver_new(r, d->peer, event_message(method, json_pack("{s:I}", "count", (json_int_t)d->n_inspectors)),
			    now);
}

/* The device hears of the new count at once (so it streams only while someone listens).
 * Returns whether the count changed: the caller then tells the inspectors with
 * inspectors_changed(), after its own reply, so the inspector that attached hears the answer to
 * its Gateway.attach before the deviceUpdated it caused. */
static bool attach(struct relay *r, struct device *d, struct peer *inspector, long long now)
{
	if (!device_attach(d, inspector))
		return false;
	notify_count(r, d, "Inspector.attached", now);
	return true;
}

static bool detach(struct relay *r, struct device *d, struct peer *inspector, long long now)
{
	if (!device_detach(d, inspector))
		return false;
	notify_count(r, d, "Inspector.detached", now);
	return true;
}

/* The Device record's "inspectors" changed: every inspector watching the device list gets the
 * new record (docs/protocol.md: Gateway.deviceUpdated {Device}). */
static void inspectors_changed(struct relay *r, struct device *d, long long now)
{
	broadcast(r, "Gateway.deviceUpdated", device_json(d), now);
}

void relay_attach(struct relay *r, struct device *d, struct peer *p, long long now)
{
	if (attach(r, d, p, now))
		inspectors_changed(r, d, now);
}

/* ---- devices coming and going ---- */

/* d's connection went away: its requests fail, it waits out its grace period disconnected. */
static void device_lost(struct relay *r, struct device *d, long long now)
{
	d->peer = NULL;
	d->grace_deadline = now + r->cfg.grace_us;
	fail_pending_of_device(r, d, ERR_DEVICE_GONE, "device went away", now);
	broadcast(r, "Gateway.deviceUpdated", device_json(d), now);
}

static void device_expire(struct relay *r, struct device *d, long long now)
{
	log_info("device %s removed (grace period over)", d->id);
	broadcast(r, "Gateway.deviceRemoved", json_pack("{s:s}", "deviceId", d->id), now);
	registry_remove(&r->reg, d);
}

/* A peer stops taking part (closing or closed): undo what it held. */
static void peer_leave(struct relay *r, struct peer *p, long long now)
{
	if (p->kind == PEER_DEVICE && p->device) {
		struct device *d = p->device;
		p->device = NULL;
		device_lost(r, d, now);
	} else if (p->kind == PEER_INSPECTOR || p->kind == PEER_DEVTOOLS) {
		if (p->kind == PEER_DEVTOOLS)
			devtools_peer_leave(r, p, now);
		/* Not greeted from here on: the deviceUpdated its leaving causes is not for itself (its
		 * socket may already be gone). */
		p->greeted = false;
		for (struct device *d = r->reg.devices; d; d = d->next)
			if (detach(r, d, p, now))
				inspectors_changed(r, d, now);
		drop_pending_of_requester(r, p);
	} else if (p->kind == PEER_HTTP) {
		drop_pending_of_requester(r, p);
	}
}

void relay_close_peer(struct relay *r, struct peer *p, int code, const char *reason, bool after_drain, long long now)
{
	if (p->closing)
		return;
	p->closing = true;
	p->close_code = code;
	p->close_after_drain = after_drain;
	snprintf(p->close_reason, sizeof p->close_reason, "%s", reason);
	peer_leave(r, p, now);
	r->hooks.close(r->hooks.ctx, p);
}

void relay_closed(struct relay *r, struct peer *p, long long now)
{
	if (!p->closing)
		peer_leave(r, p, now);
	if (p->prev)
		p->prev->next = p->next;
	else
		r->peers = p->next;
	if (p->next)
		p->next->prev = p->prev;
	free_peer(p);
}

void relay_tick(struct relay *r, long long now)
{
	while (r->pending.first && r->pending.first->deadline <= now) {
		struct pending *pd = r->pending.first;
		struct peer *requester = pd->requester;
		long long origin_id = pd->origin_id;
		finish_pending(r, pd);
		answer_error(r, requester, origin_id, ERR_TIMED_OUT, "request timed out", now);
	}
	for (struct device *d = r->reg.devices; d;) {
		struct device *next = d->next;
		if (!d->peer && d->grace_deadline <= now)
			device_expire(r, d, now);
		d = next;
	}
}

/* ---- device messages ---- */

/* Returns a string member or dflt when absent; NULL when present but not a string. */
static const char *string_member(json_t *obj, const char *key, const char *dflt)
{
	json_t *v = json_object_get(obj, key);
	if (!v)
		return dflt;
	return json_is_string(v) ? json_string_value(v) : NULL;
}

/* Gateway.register: the device's first message (parsed in full: it is small). */
static void device_register(struct relay *r, struct peer *p, struct msg *m, long long id, long long now)
{
	json_error_t err;
	json_t *req = json_loadb(m->data, m->len, JSON_REJECT_DUPLICATES, &err);
	json_t *params = json_object_get(req, "params");
	json_t *identity = json_object_get(params, "identity");
	json_t *info = json_object_get(params, "info");
	json_t *version = json_object_get(params, "protocolVersion");
	const char *app_id = string_member(identity, "appId", NULL);
	const char *instance = string_member(identity, "instance", "default");
	const char *host = string_member(identity, "host", "");
	if (!req) {
		reply_err(r, p, id, ERR_PARSE_ERROR, "parse error", json_string(err.text), now);
	} else if (!json_is_object(params) || !json_is_number(version) || !json_is_object(identity) || !app_id ||
		   !*app_id || !instance || !host || (info && !json_is_object(info))) {
		reply_err(r, p, id, ERR_INVALID_PARAMS,
			  "Gateway.register needs {protocolVersion, identity: {appId, instance?, host?}, info?}", NULL,
			  now);
	} else if (!json_is_integer(version) || json_integer_value(version) != WEFT_PROTOCOL_VERSION) {
		reply_err(r, p, id, ERR_UNSUPPORTED_PROTOCOL_VERSION, "protocol version not supported",
			  json_pack("{s:i}", "supported", WEFT_PROTOCOL_VERSION), now);
		relay_close_peer(r, p, CLOSE_PROTOCOL, "protocol version not supported", true, now);
	} else {
		bool created;
		struct device *d = registry_bind(&r->reg, app_id, instance, host, &created);
		if (!d) {
			reply_err(r, p, id, ERR_INTERNAL_ERROR, "too many devices", NULL, now);
			relay_close_peer(r, p, 1013, "too many devices", true, now);
			json_decref(req);
			return;
		}
		if (d->peer) { /* a second connection with a live identity replaces the first */
			struct peer *old = d->peer;
			old->device = NULL;
			d->peer = NULL;
			log_info("device %s: %s replaces %s", d->id, p->label, old->label);
			fail_pending_of_device(r, d, ERR_DEVICE_GONE, "device went away", now);
			relay_close_peer(r, old, CLOSE_REPLACED, "replaced", false, now);
		}
		json_decref(d->identity);
		json_decref(d->info);
		d->identity = json_pack("{s:s, s:s, s:s}", "appId", app_id, "instance", instance, "host", host);
		d->info = info ? json_incref(info) : json_object();
		iso8601_now(d->connected_at);
		d->peer = p;
		p->device = d;
		log_info("device %s registered: %s@%s on %s (%s)", d->id, app_id, instance, host, p->label);
		reply_ok(r, p, id,
			 json_pack("{s:s, s:s, s:i, s:f, s:I}", "deviceId", d->id, "gatewayVersion",
				   WEFT_GATEWAY_VERSION, "protocolVersion", WEFT_PROTOCOL_VERSION, "requestTimeout",
				   (double)r->cfg.request_timeout_us / 1e6, "gatewayTime", (json_int_t)wall_clock_ms()),
			 now);
		devtools_device_registered(r, d, now);
		if (d->n_inspectors > 0)
			notify_count(r, d, "Inspector.attached", now);
		broadcast(r, created ? "Gateway.deviceAdded" : "Gateway.deviceUpdated", device_json(d), now);
	}
	json_decref(req);
}

/* The pending request a reply with this id from device d answers, or NULL (late or unknown). */
static struct pending *answered_request(const struct relay *r, const struct device *d, long long id)
{
	struct pending *pd = pending_find(&r->pending, id);
	return pd && pd->device == d ? pd : NULL;
}

static void device_reply(struct relay *r, struct peer *from, struct msg *m, const struct envelope *e, long long now)
{
	struct device *d = from->device;
	struct pending *pd = answered_request(r, d, e->id);
	if (!pd) {
		log_debug("%s: reply %lld matches no pending request (late or unknown), dropped", d->id, e->id);
		return;
	}
	struct peer *requester = pd->requester;
	long long origin_id = pd->origin_id;
	finish_pending(r, pd);
	if (requester->kind == PEER_HTTP)
		r->hooks.http_reply(r->hooks.ctx, requester, m, e, from, 0, NULL);
	else if (envelope_rewrite_id(m, e, origin_id))
		deliver(r, requester, m, now);
}

static void device_event(struct relay *r, struct device *d, struct msg *m, const struct envelope *e, long long now)
{
	if (envelope_method_is(m->data, e, "DevTools.event")) {
		devtools_event(r, d, m, e, now);
		return;
	}
	if (d->n_inspectors == 0)
		return;
	if (!envelope_insert_member(m, e, d->member, d->member_len))
		return;
	/* deliver_event may close an inspector, which detaches it: walk a copy of the list. */
	size_t n = d->n_inspectors;
	struct peer *stack[16], **targets = n <= 16 ? stack : malloc(n * sizeof *targets);
	if (!targets)
		return;
	memcpy(targets, d->inspectors, n * sizeof *targets);
	for (size_t i = 0; i < n; i++)
		if (targets[i]->kind == PEER_INSPECTOR) /* DevTools peers get CDP events only */
			deliver_event(r, targets[i], m, d, now);
	if (targets != stack)
		free(targets);
}

static void device_message(struct relay *r, struct peer *p, struct msg *m, struct envelope_members *members,
			   long long now)
{
	struct envelope e;
	enum envelope_kind kind = envelope_scan(m->data, m->len, &e);
	long long id = e.has_id && e.id > 0 ? e.id : 0;
	struct json_check_error fault;
	bool members_ok =
		kind == ENVELOPE_INVALID || (members ? envelope_members_finish(members, m->data, m->len, &e, &fault)
						     : envelope_check_members(m->data, m->len, &e, &fault));
	if (!members_ok) {
		/* a key read one way by the gateway and another by the receiver (the last of two) */
		reply_err(r, p, kind == ENVELOPE_REPLY ? 0 : id, ERR_INVALID_REQUEST,
			  "the keys the gateway routes must appear once, before the body",
			  json_pack("{s:I, s:s}", "offset", (json_int_t)fault.offset, "reason", fault.reason), now);
		struct pending *pd = kind == ENVELOPE_REPLY ? answered_request(r, p->device, e.id) : NULL;
		if (pd) { /* the request its head names fails now, rather than at its time-out */
			struct peer *requester = pd->requester;
			long long origin_id = pd->origin_id;
			finish_pending(r, pd);
			answer_error(r, requester, origin_id, ERR_INTERNAL_ERROR,
				     "the device's reply was refused: its keys repeat", now);
		}
		return;
	}
	if (!p->device) {
		if (kind == ENVELOPE_REQUEST && envelope_method_is(m->data, &e, "Gateway.register"))
			device_register(r, p, m, id, now);
		else
			reply_err(r, p, id, ERR_INVALID_REQUEST, "the first message must be Gateway.register", NULL,
				  now);
		return;
	}
	switch (kind) {
	case ENVELOPE_REPLY:
		device_reply(r, p, m, &e, now);
		break;
	case ENVELOPE_EVENT:
		device_event(r, p->device, m, &e, now);
		break;
	case ENVELOPE_REQUEST:
		if (envelope_method_is(m->data, &e, "Gateway.register"))
			reply_err(r, p, id, ERR_INVALID_REQUEST, "already registered", NULL, now);
		else
			reply_err(r, p, id, ERR_METHOD_NOT_FOUND, "the gateway offers devices no methods", NULL, now);
		break;
	case ENVELOPE_INVALID:
		reply_err(r, p, id, ERR_INVALID_REQUEST,
			  "unreadable envelope head: a JSON object with id/method first, within 256 bytes",
			  json_pack("{s:I, s:s}", "offset", (json_int_t)e.fault.offset, "reason", e.fault.reason), now);
		break;
	}
}

int relay_http_reply_mode(const struct relay *r, const struct peer *p, const char *data, size_t len, struct envelope *e)
{
	if (r->http_pending == 0 || !p->device || envelope_scan(data, len, e) != ENVELOPE_REPLY)
		return 0;
	struct pending *pd = answered_request(r, p->device, e->id);
	return pd && pd->requester && pd->requester->kind == PEER_HTTP ? pd->requester->http_mode : 0;
}

/* ---- inspector messages ---- */

/* Resolves params.device; answers the error itself and returns NULL when it names no device. */
static struct device *selected_device(struct relay *r, struct peer *p, long long id, json_t *selector, long long now)
{
	if (!json_is_string(selector)) {
		reply_err(r, p, id, ERR_INVALID_PARAMS, "\"device\" must name a device", NULL, now);
		return NULL;
	}
	struct device *d = NULL;
	json_t *candidates = NULL;
	switch (registry_resolve(&r->reg, json_string_value(selector), &d, &candidates)) {
	case RESOLVE_OK:
		return d;
	case RESOLVE_UNKNOWN:
		reply_err(r, p, id, ERR_UNKNOWN_DEVICE, "unknown device", json_pack("{s:O}", "device", selector), now);
		return NULL;
	case RESOLVE_AMBIGUOUS:
		reply_err(r, p, id, ERR_UNKNOWN_DEVICE, "ambiguous device",
			  json_pack("{s:O, s:o}", "device", selector, "candidates", candidates), now);
		return NULL;
	}
	return NULL;
}

static void gateway_method(struct relay *r, struct peer *p, long long id, const char *method, json_t *params,
			   long long now)
{
	if (strcmp(method, "Gateway.hello") == 0) {
		json_t *version = json_object_get(params, "protocolVersion");
		json_t *client = json_object_get(params, "client");
		if (!json_is_number(version) || (client && !json_is_string(client))) {
			reply_err(r, p, id, ERR_INVALID_PARAMS, "Gateway.hello needs {protocolVersion, client?}", NULL,
				  now);
		} else if (!json_is_integer(version) || json_integer_value(version) != WEFT_PROTOCOL_VERSION) {
			reply_err(r, p, id, ERR_UNSUPPORTED_PROTOCOL_VERSION, "protocol version not supported",
				  json_pack("{s:i}", "supported", WEFT_PROTOCOL_VERSION), now);
			relay_close_peer(r, p, CLOSE_PROTOCOL, "protocol version not supported", true, now);
		} else {
			p->greeted = true;
			reply_ok(r, p, id,
				 json_pack("{s:s, s:i, s:o}", "gatewayVersion", WEFT_GATEWAY_VERSION, "protocolVersion",
					   WEFT_PROTOCOL_VERSION, "devices", registry_devices_json(&r->reg)),
				 now);
		}
	} else if (strcmp(method, "Gateway.listDevices") == 0) {
		reply_ok(r, p, id, json_pack("{s:o}", "devices", registry_devices_json(&r->reg)), now);
	} else if (strcmp(method, "Gateway.attach") == 0 || strcmp(method, "Gateway.detach") == 0) {
		struct device *d = selected_device(r, p, id, json_object_get(params, "device"), now);
		if (!d)
			return;
		bool changed = method[8] == 'a' ? attach(r, d, p, now) : detach(r, d, p, now);
		reply_ok(r, p, id,
			 json_pack("{s:s, s:I}", "deviceId", d->id, "inspectors", (json_int_t)d->n_inspectors), now);
		if (changed)
			inspectors_changed(r, d, now);
	} else {
		reply_err(r, p, id, ERR_METHOD_NOT_FOUND, "unknown gateway method",
			  json_pack("{s:s}", "method", method), now);
	}
}

static void inspector_message(struct relay *r, struct peer *p, struct msg *m, long long now)
{
	json_error_t err;
	json_t *req = json_loadb(m->data, m->len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &err);
	if (!req) {
		reply_err(r, p, 0, ERR_PARSE_ERROR, "parse error", json_string(err.text), now);
		return;
	}
	json_t *jid = json_object_get(req, "id");
	json_t *jmethod = json_object_get(req, "method");
	json_t *params = json_object_get(req, "params");
	long long id = json_is_integer(jid) && json_integer_value(jid) > 0 ? (long long)json_integer_value(jid) : 0;
	const char *method = json_string_value(jmethod);
	if (!json_is_object(req)) {
		reply_err(r, p, 0, ERR_INVALID_REQUEST, "a request is a JSON object", NULL, now);
	} else if (!id) {
		reply_err(r, p, 0, ERR_INVALID_REQUEST, "\"id\" must be a positive integer", NULL, now);
	} else if (!method || !*method) {
		reply_err(r, p, id, ERR_INVALID_REQUEST, "\"method\" must be a non-empty string", NULL, now);
	} else if (params && !json_is_object(params)) {
		reply_err(r, p, id, ERR_INVALID_PARAMS, "\"params\" must be an object", NULL, now);
	} else if (!p->greeted && strcmp(method, "Gateway.hello") != 0) {
		reply_err(r, p, id, ERR_INVALID_REQUEST, "the first request must be Gateway.hello", NULL, now);
	} else if (strncmp(method, "Gateway.", 8) == 0) {
		gateway_method(r, p, id, method, params, now);
	} else if (devtools_method_reserved(method)) {
		reply_err(r, p, id, ERR_METHOD_NOT_FOUND,
			  "DevTools.call is sent by the gateway for DevTools connections", NULL, now);
	} else {
		struct device *d = selected_device(r, p, id, json_object_get(req, "device"), now);
		if (d)
			forward(r, p, id, d, method, params, now);
	}
	json_decref(req);
}

void relay_receive(struct relay *r, struct peer *p, struct msg *m, long long now)
{
	relay_receive_checked(r, p, m, NULL, now);
}

void relay_receive_checked(struct relay *r, struct peer *p, struct msg *m, struct envelope_members *members,
			   long long now)
{
	if (!p->closing) {
		if (p->kind == PEER_DEVICE)
			device_message(r, p, m, members, now);
		else if (p->kind == PEER_INSPECTOR)
			inspector_message(r, p, m, now);
		else if (p->kind == PEER_DEVTOOLS)
			devtools_message(r, p, m, now);
	}
	msg_unref(m);
}
