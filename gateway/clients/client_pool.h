/* A libwebsockets context for client connections only (no listening socket), serviced by the
 * caller's thread, plus the wake-up timer that lets its service loop keep deadlines
 * (clients/wakeup.h). Both WebSocket clients build their pools on it: wsc_pool_new
 * (clients/wsclient.h) and fws_pool_new (bench/fastws.h); a pool serves the connections of the
 * client that made it. */
#ifndef WEFT_CLIENT_POOL_H
#define WEFT_CLIENT_POOL_H

#include <stddef.h>
#include <stdint.h>

struct lws;
struct lws_client_connect_info;
struct lws_context;
struct lws_protocols;
struct wakeup;

struct client_pool {
	struct lws_context *ctx;
	int port;              /* the gateway's port on 127.0.0.1 */
	struct wakeup *wakeup; /* wakes the service loop every few milliseconds */
};

/* A pool whose connections speak protocols (lws keeps the pointer: static storage), with
 * serv_buf_size bytes of service buffer and the lws context options given; NULL on failure. */
struct client_pool *client_pool_new(int port, const struct lws_protocols *protocols, size_t serv_buf_size,
				    uint64_t options);

/* Starts a connection from the pool to the gateway: fills in i's context, address, port, opaque
 * user data (client: what the protocol's callback gets back from lws_get_opaque_user_data) and
 * pwsi (*wsi, set by lws, also while connecting), the caller having set the rest (protocol,
 * path, ...). Returns the connection, or NULL when lws refused at once. */
struct lws *client_pool_connect(struct client_pool *pool, struct lws_client_connect_info *i, void *client,
				struct lws **wsi);

/* Closes a connection at once, its callback no longer reaching its client: for freeing a client
 * whose connection lws still holds. */
void client_pool_drop(struct lws *wsi);

/* Destroys the context (closing every connection still open) and frees the pool; NULL is fine. */
void client_pool_free(struct client_pool *pool);

#endif
