#include "client_pool.h"
#include "wakeup.h"

#include <libwebsockets.h>
#include <stdlib.h>
#include <string.h>

#define WAKEUP_US (5 * 1000)

struct client_pool *client_pool_new(int port, const struct lws_protocols *protocols, size_t serv_buf_size,
				    uint64_t options)
{
	struct client_pool *pool = calloc(1, sizeof *pool);
	if (!pool)
		return NULL;
	struct lws_context_creation_info info;
	memset(&info, 0, sizeof info);
	info.port = CONTEXT_PORT_NO_LISTEN;
	info.options = options;
	info.protocols = protocols;
	info.pt_serv_buf_size = (unsigned int)serv_buf_size;
	lws_set_log_level(LLL_ERR, NULL);
	pool->port = port;
	pool->ctx = lws_create_context(&info);
	if (!pool->ctx) {
		free(pool);
		return NULL;
	}
	pool->wakeup = wakeup_start(pool->ctx, WAKEUP_US);
	if (!pool->wakeup) {
		lws_context_destroy(pool->ctx);
		free(pool);
		return NULL;
	}
	return pool;
}

struct lws *client_pool_connect(struct client_pool *pool, struct lws_client_connect_info *i, void *client,
				struct lws **wsi)
{
	i->context = pool->ctx;
	i->address = "127.0.0.1";
	i->port = pool->port;
	i->opaque_user_data = client;
	i->pwsi = wsi;
	return lws_client_connect_via_info(i);
}

void client_pool_drop(struct lws *wsi)
{
	lws_set_opaque_user_data(wsi, NULL);
	lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_SYNC);
}

void client_pool_free(struct client_pool *pool)
{
	if (!pool)
		return;
	lws_context_destroy(pool->ctx);
	wakeup_free(pool->wakeup);
	free(pool);
}
