/* The gateway's message handler, free of sockets: peers (devices, inspectors, HTTP exchanges)
 * hand it complete messages, and it answers by queueing messages on peers and calling the
 * transport's hooks (wake a peer that has data, close a peer, answer an HTTP exchange). The
 * server glues it to libwebsockets; the unit tests and the fuzz target drive it directly. */
#ifndef WEFT_RELAY_H
#define WEFT_RELAY_H

#include <stdbool.h>
#include <stddef.h>

#include "envelope.h"
#include "pending.h"
#include "queue.h"
#include "registry.h"

enum peer_kind { PEER_DEVICE, PEER_INSPECTOR, PEER_HTTP, PEER_DEVTOOLS };

/* Requests one requester may have pending at once; more get -32603 at once. */
#define RELAY_MAX_PENDING 4096

struct peer {
	struct peer *prev, *next; /* the relay's peers */
	enum peer_kind kind;
	void *conn; /* the transport's handle */
	struct queue q;
	bool closing; /* the transport was asked to close it */
	int close_code;
	bool close_after_drain; /* close once the queue has gone out (a final error reply) */
	char close_reason[64];
	struct device *device;      /* PEER_DEVICE: the device it registered as */
	bool greeted;               /* PEER_INSPECTOR: said Gateway.hello */
	int http_mode;              /* PEER_HTTP: what the HTTP API asked for */
	size_t events_dropped;      /* PEER_INSPECTOR: events dropped because it fell behind */
	size_t n_pending;           /* requests it has pending at devices */
	long long devtools_session; /* PEER_DEVTOOLS: its session number (devtools.h) */
	char devtools_device[24];   /* PEER_DEVTOOLS: the deviceId it is bound to */
	char label[48];             /* for logs: the peer's address */
};

struct relay_hooks {
	void *ctx;
	/* p has queued data: ask the transport to write. */
	void (*wake)(void *ctx, struct peer *p);
	/* Close p (p->close_code, p->close_reason, p->close_after_drain are set). */
	void (*close)(void *ctx, struct peer *p);
	/* An HTTP exchange's request finished: reply is the device's reply (its envelope e), which
	 * came from the device peer from; or reply and from are NULL, with an error code and message,
	 * when it failed. */
	void (*http_reply)(void *ctx, struct peer *p, struct msg *reply, const struct envelope *e, struct peer *from,
			   int code, const char *message);
};

struct relay_config {
	size_t queue_limit; /* bytes of events a peer's queue may hold */
	size_t max_message; /* largest message; replies may exceed queue_limit by this much */
	long long request_timeout_us;
	long long grace_us;
};

struct relay {
	struct relay_config cfg;
	struct relay_hooks hooks;
	struct registry reg;
	struct pending_table pending;
	size_t http_pending; /* of the pending requests, those of HTTP exchanges */
	struct peer *peers;
};

void relay_init(struct relay *r, const struct relay_config *cfg, const struct relay_hooks *hooks);
/* Frees everything (peers included) without calling hooks. */
void relay_free(struct relay *r);

/* A new connection. NULL when out of memory. */
struct peer *relay_open(struct relay *r, enum peer_kind kind, void *conn, const char *label);

/* The connection is gone: fails or drops what depended on it and frees the peer. */
void relay_closed(struct relay *r, struct peer *p, long long now);

/* A complete message from a device or an inspector; takes the reference to m. */
void relay_receive(struct relay *r, struct peer *p, struct msg *m, long long now);

/* The same for a device message whose member check (envelope.h) was fed while it arrived, with
 * all of m: only its verdict is left to take. */
void relay_receive_checked(struct relay *r, struct peer *p, struct msg *m, struct envelope_members *members,
			   long long now);

/* When data[0, len), the start of a message arriving from device peer p (its first
 * ENVELOPE_HEAD_MAX bytes, or all of it), is a reply an HTTP exchange waits for: that exchange's
 * http_mode (so its check can start while the rest arrives); else 0. Costs nothing while no HTTP
 * exchange waits. */
int relay_http_reply_mode(const struct relay *r, const struct peer *p, const char *data, size_t len,
			  struct envelope *e);

/* Time-outs of pending requests and the end of grace periods. */
void relay_tick(struct relay *r, long long now);

/* Sends a request on behalf of an HTTP exchange; the answer comes through hooks.http_reply
 * (possibly before this returns). Steals params. */
void relay_forward_http(struct relay *r, struct peer *http, struct device *d, const char *method, json_t *params,
			long long now);

/* Sends a request to device d on behalf of an inspector or DevTools peer (the reply comes back
 * with origin_id). Steals params. */
void relay_forward(struct relay *r, struct peer *requester, long long origin_id, struct device *d, const char *method,
		   json_t *params, long long now);

/* Queues a message built for p (taking the reference to m); a peer that cannot take it is
 * closed with 1008. */
void relay_deliver(struct relay *r, struct peer *p, struct msg *m, long long now);

/* Attaches p to d, telling the device and the inspectors when the count changed. */
void relay_attach(struct relay *r, struct device *d, struct peer *p, long long now);

/* Asks a peer's transport to close it (idempotent); devices and inspectors stop taking part at
 * once. */
void relay_close_peer(struct relay *r, struct peer *p, int code, const char *reason, bool after_drain, long long now);

#endif
