/* The load generator's WebSocket peers: libwebsockets raw client connections (lws runs the
 * sockets and the event loop) with their own minimal WebSocket framing. libwebsockets 4.1's own
 * client parses and masks payload one byte at a time; measured, that took 60% of the load
 * generator's time and capped it near 30 MB/s, so it measured the client, not the gateway.
 * Frames sent here carry an all-zero mask key (valid WebSocket: the gateway still unmasks every
 * byte as it would for any client). The tests use the full lws client (clients/wsclient.c). */
#ifndef WEFT_FASTWS_H
#define WEFT_FASTWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lws;
struct lws_context;
struct wakeup;

struct fws_message {
	struct fws_message *next;
	size_t len;
	char data[]; /* NUL-terminated */
};

struct fws_pool;

#define FWS_HEAD_BYTES 64

struct fws {
	struct fws_pool *pool;
	struct lws *wsi;
	const char *path;
	bool open, closed;
	char handshake[1024]; /* the upgrade answer, until its blank line */
	size_t handshake_len;
	unsigned char head[14]; /* the frame header being read */
	size_t head_len;
	uint64_t payload_left;  /* payload bytes of the current frame still to come */
	bool fin;               /* the current frame ends its message */
	int opcode;
	char *msg;              /* a message spanning several reads or frames */
	size_t msg_len, msg_cap;
	char *out;              /* framed bytes to write */
	size_t out_off, out_len, out_cap;
	const char *borrowed;   /* a payload written after out, without copying (fws_send_borrowed) */
	size_t borrowed_len, borrowed_off;
	struct fws_message *queue_head, *queue_tail; /* received, when on_message is not set */
	void (*on_message)(struct fws *c, const char *data, size_t len);
	/* Counting only: on_message gets each message's length but only its first FWS_HEAD_BYTES
	 * bytes (the rest is not gathered), so a load generator spends nothing on payload. */
	bool heads_only;
	char head_bytes[FWS_HEAD_BYTES];
	void (*on_idle)(struct fws *c); /* the output ran dry */
	void *user;
};

struct fws_pool {
	struct lws_context *ctx;
	int port;
	struct wakeup *wakeup; /* wakes fws_service on time (clients/wakeup.h) */
};

struct fws_pool *fws_pool_new(int port);
void fws_pool_free(struct fws_pool *pool);
void fws_service(struct fws_pool *pool);

/* Connects to path ("/device", "/inspector") and waits for the upgrade; NULL on failure. */
struct fws *fws_connect(struct fws_pool *pool, const char *path);

/* Frames and queues one text message. */
void fws_send(struct fws *c, const char *data, size_t len);
/* Frames a message whose bytes stay valid and unchanged until on_idle (no copy). */
void fws_send_borrowed(struct fws *c, const char *data, size_t len);
void fws_sendf(struct fws *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The next queued message (free() it), servicing up to timeout_ms; NULL when none came. */
struct fws_message *fws_recv(struct fws *c, int timeout_ms);

void fws_free(struct fws *c);

#endif
