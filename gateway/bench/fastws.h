/* The load generator's WebSocket peers: libwebsockets raw client connections (lws runs the
 * sockets and the event loop) with their own minimal WebSocket framing. libwebsockets 4.1's own
 * client parses and masks payload one byte at a time; measured, that took 60% of the load
 * generator's time and capped it near 30 MB/s, so it measured the client, not the gateway.
 * Frames sent here carry an all-zero mask key (valid WebSocket: the gateway still unmasks every
 * byte as it would for any client). The tests use the full lws client (clients/wsclient.c);
 * both stand on the same pool, received-message queue and clock (clients/client_pool.h,
 * message_queue.h, monotonic.h), so only the framing and the write path are this file's own. */
#ifndef WEFT_FASTWS_H
#define WEFT_FASTWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "client_pool.h"
#include "message_queue.h"

struct lws;

#define FWS_HEAD_BYTES 64

struct fws {
	struct client_pool *pool;
	struct lws *wsi;
	const char *path;
	bool open, closed;
	char handshake[1024]; /* the upgrade answer, until its blank line */
	size_t handshake_len;
	unsigned char head[14]; /* the frame header being read */
	size_t head_len;
	uint64_t payload_left; /* payload bytes of the current frame still to come */
	bool fin;              /* the current frame ends its message */
	int opcode;
	char *msg; /* a message spanning several reads or frames */
	size_t msg_len, msg_cap;
	char *out; /* framed bytes to write */
	size_t out_off, out_len, out_cap;
	const char *borrowed; /* a payload written after out, without copying (fws_send_borrowed) */
	size_t borrowed_len, borrowed_off;
	struct message_queue received; /* when on_message is not set */
	void (*on_message)(struct fws *c, const char *data, size_t len);
	/* Counting only: on_message gets each message's length but only its first FWS_HEAD_BYTES
	 * bytes (the rest is not gathered), so a load generator spends nothing on payload. */
	bool heads_only;
	char head_bytes[FWS_HEAD_BYTES];
	void (*on_idle)(struct fws *c); /* the output ran dry */
	void *user;
};

/* A pool for fws clients to the gateway on 127.0.0.1:port; free it with client_pool_free. */
struct client_pool *fws_pool_new(int port);
/* Services the pool once without waiting. */
void fws_service(struct client_pool *pool);

/* Connects to path ("/device", "/inspector") and waits for the upgrade; NULL on failure. */
struct fws *fws_connect(struct client_pool *pool, const char *path);

/* Frames and queues one text message. */
void fws_send(struct fws *c, const char *data, size_t len);
/* Frames a message whose bytes stay valid and unchanged until on_idle (no copy). */
void fws_send_borrowed(struct fws *c, const char *data, size_t len);
void fws_sendf(struct fws *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The next queued message (free() it), servicing up to timeout_ms; NULL when none came. */
struct ws_message *fws_recv(struct fws *c, int timeout_ms);

void fws_free(struct fws *c);

#endif
