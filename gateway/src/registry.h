/* The devices the gateway knows: connected ones and disconnected ones in their grace period,
 * plus every identity (appId + instance + host) it has seen. An identity's deviceId is derived
 * from it, so it is the same for the gateway's whole life and across restarts. Also resolves
 * device selectors (deviceId, appId, appId@instance) and writes the Device objects of
 * docs/protocol.md. */
#ifndef WEFT_REGISTRY_H
#define WEFT_REGISTRY_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define REGISTRY_MAX_DEVICES 1024     /* listed devices (connected or in their grace period) */
#define REGISTRY_MAX_IDENTITIES 65536 /* identities remembered for stable ids */

struct peer;

struct device {
	struct device *next;
	char id[24]; /* "d" + 12 hex digits derived from the identity */
	char *app_id, *instance, *host;
	json_t *identity, *info;  /* as registered (owned references) */
	struct peer *peer;        /* the live connection, NULL while disconnected */
	char connected_at[32];    /* ISO 8601 UTC of the latest registration */
	long long grace_deadline; /* microseconds; meaningful while disconnected */
	struct peer **inspectors; /* attached inspectors */
	size_t n_inspectors, cap_inspectors;
	char member[48]; /* "device":"d1", inserted into forwarded events */
	size_t member_len;
};

struct identity;

struct registry {
	struct device *devices; /* newest first */
	size_t n_devices;
	struct identity *identities;
	size_t n_identities;
};

void registry_init(struct registry *reg);
void registry_free(struct registry *reg);

/* The device record for an identity: the listed one, or a new one carrying the identity's
 * remembered id (or a fresh id). *created tells which. NULL when a limit is reached or out of
 * memory. */
struct device *registry_bind(struct registry *reg, const char *app_id, const char *instance, const char *host,
			     bool *created);

/* Unlists a device (its identity keeps its id) and frees it. */
void registry_remove(struct registry *reg, struct device *d);

enum resolve_result { RESOLVE_OK, RESOLVE_UNKNOWN, RESOLVE_AMBIGUOUS };

/* Resolves a selector: a deviceId, else `appId@instance`, else an appId, when exactly one listed
 * device matches. On RESOLVE_AMBIGUOUS *candidates (when given) receives a new array of the
 * matching deviceIds. */
enum resolve_result registry_resolve(const struct registry *reg, const char *selector, struct device **out,
				     json_t **candidates);

/* A new Device object: {"deviceId", "identity", "info", "state", "connectedAt", "inspectors"}. */
json_t *device_json(const struct device *d);

/* A new array of every listed device, oldest first. */
json_t *registry_devices_json(const struct registry *reg);

/* Attaches / detaches an inspector; true when the set changed. */
bool device_attach(struct device *d, struct peer *inspector);
bool device_detach(struct device *d, struct peer *inspector);
bool device_has_inspector(const struct device *d, const struct peer *inspector);

/* Writes the current UTC time as ISO 8601 (2026-11-30T08:00:00Z). */
void iso8601_now(char out[32]);

#endif
