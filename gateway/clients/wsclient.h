/* A small WebSocket client on libwebsockets for the gateway's tests: scripted devices and
 * inspectors. A pool is one lws context (serviced by the caller's thread); clients queue what
 * they receive. The load generator has its own faster client (bench/fastws.h). */
#ifndef WEFT_WSCLIENT_H
#define WEFT_WSCLIENT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "client_pool.h"
#include "message_queue.h"

struct lws;

struct wsc_options {
	const char *path;        /* "/device" or "/inspector", with "?token=..." when wanted */
	const char *origin;      /* sent as Origin when set */
	const char *host_header; /* default "127.0.0.1:<port>" */
	const char *bearer;      /* sent as Authorization: Bearer <bearer> when set */
	bool tls;                /* wss://, accepting a self-signed certificate */
};

enum wsc_state { WSC_CONNECTING, WSC_OPEN, WSC_CLOSED, WSC_FAILED };

struct wsc {
	struct client_pool *pool;
	struct lws *wsi;
	enum wsc_state state;
	int close_code; /* the close code the gateway sent, 0 when none */
	char close_reason[128];
	char error[256]; /* why connecting failed */
	struct message_queue received;
	struct message_queue out; /* each message with LWS_PRE bytes of headroom */
	size_t out_sent;          /* bytes of out.head already written (fragmented sends) */
	char *rx;                 /* a message being reassembled */
	size_t rx_len, rx_cap;
	char headers[512]; /* extra handshake headers */
};

/* A pool for wsc clients to the gateway on 127.0.0.1:port; free it with client_pool_free. */
struct client_pool *wsc_pool_new(int port);

/* Services the pool once, waiting at most timeout_ms for activity. */
void wsc_service(struct client_pool *pool, int timeout_ms);

/* Starts connecting; NULL when lws refuses at once. */
struct wsc *wsc_connect(struct client_pool *pool, const struct wsc_options *o);

/* Services until the client is open (true) or failed / timed out (false). */
bool wsc_wait_open(struct wsc *c, int timeout_ms);

/* Queues a copy of a text message (sent in fragments of at most 256 KiB). */
int wsc_send(struct wsc *c, const char *data, size_t len);
int wsc_sendf(struct wsc *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int wsc_vsendf(struct wsc *c, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

/* The next received message (free() it), servicing up to timeout_ms; NULL when none came. */
struct ws_message *wsc_recv(struct wsc *c, int timeout_ms);

/* Services until the connection is closed (true) or timeout_ms passed. */
bool wsc_wait_closed(struct wsc *c, int timeout_ms);

/* Stops (or resumes) reading from the socket: a slow consumer. */
void wsc_pause(struct wsc *c, bool paused);

/* Closes the connection at once if still open, and frees the client. */
void wsc_free(struct wsc *c);

#endif
