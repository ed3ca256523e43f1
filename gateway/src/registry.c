#include "registry.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct identity {
	struct identity *next;
	char *app_id, *instance, *host;
	char id[24];
};

void registry_init(struct registry *reg) { *reg = (struct registry){0}; }

static void free_device(struct device *d)
{
	free(d->app_id);
	free(d->instance);
	free(d->host);
	json_decref(d->identity);
	json_decref(d->info);
	free(d->inspectors);
	free(d);
}

void registry_free(struct registry *reg)
{
	while (reg->devices) {
		struct device *d = reg->devices;
		reg->devices = d->next;
		free_device(d);
	}
	while (reg->identities) {
		struct identity *i = reg->identities;
		reg->identities = i->next;
		free(i->app_id);
		free(i->instance);
		free(i->host);
		free(i);
	}
	reg->n_devices = reg->n_identities = 0;
}

static bool same_identity(const char *a1, const char *i1, const char *h1, const char *a2, const char *i2,
			  const char *h2)
{
	return strcmp(a1, a2) == 0 && strcmp(i1, i2) == 0 && strcmp(h1, h2) == 0;
}

static uint64_t fnv1a(uint64_t h, const char *s, size_t n)
{
	for (size_t k = 0; k < n; k++)
		h = (h ^ (unsigned char)s[k]) * 0x100000001b3ull;
	return h;
}

static bool id_taken(const struct registry *reg, const char *id)
{
	for (const struct identity *i = reg->identities; i; i = i->next)
		if (strcmp(i->id, id) == 0)
			return true;
	return false;
}

/* An identity's id is derived from it (d + 12 hex digits of a hash of appId, instance and host),
 * so a restarted gateway gives each program the id it had before, whatever order they reconnect
 * in, and cannot hand one program's id to another. Two identities of one gateway with the same
 * hash (one chance in 2^48 per pair) get the next free variant, the only case where reconnection
 * order matters. */
static void identity_derive_id(const struct registry *reg, const char *app_id, const char *instance, const char *host,
			       char id[24])
{
	uint64_t h = 0xcbf29ce484222325ull;
	h = fnv1a(h, app_id, strlen(app_id) + 1);
	h = fnv1a(h, instance, strlen(instance) + 1);
	h = fnv1a(h, host, strlen(host) + 1);
	for (uint64_t variant = 0;; variant++) {
		uint64_t v = variant ? fnv1a(h, (const char *)&variant, sizeof variant) : h;
		snprintf(id, 24, "d%012llx", (unsigned long long)(v & 0xffffffffffffull));
		if (!id_taken(reg, id))
			return;
	}
}

/* The remembered id of an identity, remembering a new one when it is new. */
static const char *identity_id(struct registry *reg, const char *app_id, const char *instance, const char *host)
{
	for (struct identity *i = reg->identities; i; i = i->next)
		if (same_identity(i->app_id, i->instance, i->host, app_id, instance, host))
			return i->id;
	if (reg->n_identities >= REGISTRY_MAX_IDENTITIES)
		return NULL;
	struct identity *i = calloc(1, sizeof *i);
	if (!i)
		return NULL;
	i->app_id = strdup(app_id);
	i->instance = strdup(instance);
	i->host = strdup(host);
	if (!i->app_id || !i->instance || !i->host) {
		free(i->app_id);
		free(i->instance);
		free(i->host);
		free(i);
		return NULL;
	}
	identity_derive_id(reg, app_id, instance, host, i->id);
	i->next = reg->identities;
	reg->identities = i;
	reg->n_identities++;
	return i->id;
}

struct device *registry_bind(struct registry *reg, const char *app_id, const char *instance, const char *host,
			     bool *created)
{
	for (struct device *d = reg->devices; d; d = d->next)
		if (same_identity(d->app_id, d->instance, d->host, app_id, instance, host)) {
			*created = false;
			return d;
		}
	if (reg->n_devices >= REGISTRY_MAX_DEVICES)
		return NULL;
	const char *id = identity_id(reg, app_id, instance, host);
	if (!id)
		return NULL;
	struct device *d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	d->app_id = strdup(app_id);
	d->instance = strdup(instance);
	d->host = strdup(host);
	if (!d->app_id || !d->instance || !d->host) {
		free_device(d);
		return NULL;
	}
	snprintf(d->id, sizeof d->id, "%s", id);
	d->member_len = (size_t)snprintf(d->member, sizeof d->member, "\"device\":\"%s\"", d->id);
	d->next = reg->devices;
	reg->devices = d;
	reg->n_devices++;
	*created = true;
	return d;
}

void registry_remove(struct registry *reg, struct device *d)
{
	for (struct device **link = &reg->devices; *link; link = &(*link)->next)
		if (*link == d) {
			*link = d->next;
			reg->n_devices--;
			free_device(d);
			return;
		}
}

/* Adds a match to the result; returns the number of matches so far. */
static int add_match(struct device *d, struct device **out, json_t *ids, int matches)
{
	if (matches == 0)
		*out = d;
	json_array_append_new(ids, json_string(d->id));
	return matches + 1;
}

enum resolve_result registry_resolve(const struct registry *reg, const char *selector, struct device **out,
				     json_t **candidates)
{
	for (struct device *d = reg->devices; d; d = d->next)
		if (strcmp(d->id, selector) == 0) {
			*out = d;
			return RESOLVE_OK;
		}
	const char *at = strrchr(selector, '@');
	size_t app_len = at ? (size_t)(at - selector) : strlen(selector);
	json_t *ids = json_array();
	int matches = 0;
	for (struct device *d = reg->devices; d; d = d->next) {
		bool app_matches = strlen(d->app_id) == app_len && memcmp(d->app_id, selector, app_len) == 0;
		if (at ? app_matches && strcmp(d->instance, at + 1) == 0 : app_matches)
			matches = add_match(d, out, ids, matches);
	}
	if (matches == 0 && at) { /* an appId that itself contains '@' */
		for (struct device *d = reg->devices; d; d = d->next)
			if (strcmp(d->app_id, selector) == 0)
				matches = add_match(d, out, ids, matches);
	}
	if (matches == 1) {
		json_decref(ids);
		return RESOLVE_OK;
	}
	if (matches == 0) {
		json_decref(ids);
		return RESOLVE_UNKNOWN;
	}
	if (candidates)
		*candidates = ids;
	else
		json_decref(ids);
	return RESOLVE_AMBIGUOUS;
}

json_t *device_json(const struct device *d)
{
	return json_pack("{s:s, s:O, s:O, s:s, s:s, s:I}", "deviceId", d->id, "identity", d->identity, "info", d->info,
			 "state", d->peer ? "connected" : "disconnected", "connectedAt", d->connected_at, "inspectors",
			 (json_int_t)d->n_inspectors);
}

json_t *registry_devices_json(const struct registry *reg)
{
	json_t *list = json_array();
	for (const struct device *d = reg->devices; d; d = d->next)
		json_array_insert_new(list, 0, device_json(d));
	return list;
}

bool device_has_inspector(const struct device *d, const struct peer *inspector)
{
	for (size_t i = 0; i < d->n_inspectors; i++)
		if (d->inspectors[i] == inspector)
			return true;
	return false;
}

bool device_attach(struct device *d, struct peer *inspector)
{
	if (device_has_inspector(d, inspector))
		return false;
	if (d->n_inspectors == d->cap_inspectors) {
		size_t cap = d->cap_inspectors ? d->cap_inspectors * 2 : 4;
		struct peer **grown = realloc(d->inspectors, cap * sizeof *grown);
		if (!grown)
			return false;
		d->inspectors = grown;
		d->cap_inspectors = cap;
	}
	d->inspectors[d->n_inspectors++] = inspector;
	return true;
}

bool device_detach(struct device *d, struct peer *inspector)
{
	for (size_t i = 0; i < d->n_inspectors; i++)
		if (d->inspectors[i] == inspector) {
			memmove(&d->inspectors[i], &d->inspectors[i + 1],
				(d->n_inspectors - i - 1) * sizeof *d->inspectors);
			d->n_inspectors--;
			return true;
		}
	return false;
}

void iso8601_now(char out[32])
{
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
