#include "wsclient.h"
#include "wakeup.h"

#include <libwebsockets.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHUNK (256 * 1024)

long long wsc_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void deliver(struct wsc *c, const char *data, size_t len)
{
	struct wsc_message *m = malloc(sizeof *m + len + 1);
	if (!m)
		return;
	m->next = NULL;
	m->len = len;
	memcpy(m->data, data, len);
	m->data[len] = '\0';
	if (c->in_tail)
		c->in_tail->next = m;
	else
		c->in_head = m;
	c->in_tail = m;
	c->in_count++;
}

static int receive(struct wsc *c, struct lws *wsi, const char *in, size_t len)
{
	bool final = lws_is_final_fragment(wsi);
	if (final && c->rx_len == 0) { /* the common case: a whole message in one piece */
		deliver(c, in, len);
		return 0;
	}
	if (c->rx_len + len > c->rx_cap) {
		size_t cap = (c->rx_len + len) * 2;
		char *grown = realloc(c->rx, cap);
		if (!grown)
			return -1;
		c->rx = grown;
		c->rx_cap = cap;
	}
	memcpy(c->rx + c->rx_len, in, len);
	c->rx_len += len;
	if (final) {
		deliver(c, c->rx, c->rx_len);
		c->rx_len = 0;
	}
	return 0;
}

static int writable(struct wsc *c, struct lws *wsi)
{
	size_t budget = 1 << 20; /* bytes per callback, so one fast sender cannot starve the loop */
	while (c->out_head && budget > 0) {
		struct wsc_message *m = c->out_head;
		size_t left = m->len - c->out_sent, n = left < CHUNK ? left : CHUNK;
		int flags = c->out_sent ? LWS_WRITE_CONTINUATION : LWS_WRITE_TEXT;
		if (n < left)
			flags |= LWS_WRITE_NO_FIN;
		/* lws masks in place and writes its header in front: both are inside our copy. */
		unsigned char *start = (unsigned char *)m->data + LWS_PRE + c->out_sent, saved[LWS_PRE] = {0};
		if (c->out_sent)
			memcpy(saved, start - LWS_PRE, LWS_PRE);
		int w = lws_write(wsi, start, n, (enum lws_write_protocol)flags);
		if (c->out_sent)
			memcpy(start - LWS_PRE, saved, LWS_PRE);
		if (w < 0)
			return -1;
		c->out_sent += n;
		budget = n < budget ? budget - n : 0;
		if (c->out_sent == m->len) {
			c->out_head = m->next;
			if (!c->out_head)
				c->out_tail = NULL;
			c->out_count--;
			c->out_sent = 0;
			free(m);
		}
		if (lws_send_pipe_choked(wsi))
			break;
	}
	if (c->out_head)
		lws_callback_on_writable(wsi);
	return 0;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
	(void)user;
	struct wsc *c = lws_get_opaque_user_data(wsi);
	if (!c)
		return 0;
	switch (reason) {
	case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER: {
		char **p = in;
		size_t n = strlen(c->headers);
		if (n >= len)
			return -1;
		memcpy(*p, c->headers, n);
		*p += n;
		return 0;
	}
	case LWS_CALLBACK_CLIENT_ESTABLISHED:
		c->state = WSC_OPEN;
		if (c->out_head)
			lws_callback_on_writable(wsi);
		return 0;
	case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
		c->state = WSC_FAILED;
		snprintf(c->error, sizeof c->error, "%s (status %d)", in ? (const char *)in : "connection error",
			 (int)lws_http_client_http_response(wsi));
		c->wsi = NULL;
		return 0;
	case LWS_CALLBACK_CLIENT_RECEIVE:
		return receive(c, wsi, in, len);
	case LWS_CALLBACK_CLIENT_WRITEABLE:
		return writable(c, wsi);
	case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
		if (len >= 2) {
			const unsigned char *b = in;
			c->close_code = b[0] << 8 | b[1];
			size_t n = len - 2 < sizeof c->close_reason - 1 ? len - 2 : sizeof c->close_reason - 1;
			memcpy(c->close_reason, b + 2, n);
			c->close_reason[n] = '\0';
		}
		return 0;
	case LWS_CALLBACK_CLIENT_CLOSED:
		c->state = WSC_CLOSED;
		c->wsi = NULL;
		return 0;
	default:
		return 0;
	}
}

static const struct lws_protocols protocols[] = {
	{.name = "weft.v1", .callback = callback, .rx_buffer_size = 64 * 1024, .tx_packet_size = CHUNK},
	{0},
};

#define WAKEUP_US (5 * 1000)

struct wsc_pool *wsc_pool_new(int port)
{
	struct wsc_pool *pool = calloc(1, sizeof *pool);
	if (!pool)
		return NULL;
	struct lws_context_creation_info info;
	memset(&info, 0, sizeof info);
	info.port = CONTEXT_PORT_NO_LISTEN;
	info.options = LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
	info.protocols = protocols;
	info.pt_serv_buf_size = 64 * 1024;
	lws_set_log_level(LLL_ERR, NULL);
	pool->ctx = lws_create_context(&info);
	pool->port = port;
	pool->wakeup = pool->ctx ? wakeup_start(pool->ctx, WAKEUP_US) : NULL;
	if (!pool->wakeup) {
		if (pool->ctx)
			lws_context_destroy(pool->ctx);
		free(pool);
		return NULL;
	}
	return pool;
}

void wsc_pool_free(struct wsc_pool *pool)
{
	if (!pool)
		return;
	lws_context_destroy(pool->ctx);
	wakeup_free(pool->wakeup);
	free(pool);
}

void wsc_service(struct wsc_pool *pool, int timeout_ms) { lws_service(pool->ctx, timeout_ms); }

struct wsc *wsc_connect(struct wsc_pool *pool, const struct wsc_options *o)
{
	struct wsc *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->pool = pool;
	char host[64];
	snprintf(host, sizeof host, "127.0.0.1:%d", pool->port);
	if (o->bearer)
		snprintf(c->headers, sizeof c->headers, "Authorization: Bearer %s\r\n", o->bearer);
	struct lws_client_connect_info i;
	memset(&i, 0, sizeof i);
	i.context = pool->ctx;
	i.address = "127.0.0.1";
	i.port = pool->port;
	i.path = o->path;
	i.host = o->host_header ? o->host_header : host;
	i.origin = o->origin;
	i.protocol = "weft.v1";
	i.opaque_user_data = c;
	i.pwsi = &c->wsi;
	if (o->tls)
		i.ssl_connection = LCCSCF_USE_SSL | LCCSCF_ALLOW_SELFSIGNED | LCCSCF_SKIP_SERVER_CERT_HOSTNAME_CHECK;
	if (!lws_client_connect_via_info(&i)) {
		if (c->state != WSC_FAILED) {
			c->state = WSC_FAILED;
			snprintf(c->error, sizeof c->error, "connect refused at once");
		}
	}
	return c;
}

bool wsc_wait_open(struct wsc *c, int timeout_ms)
{
	long long end = wsc_now_ms() + timeout_ms;
	while (c->state == WSC_CONNECTING && wsc_now_ms() < end)
		wsc_service(c->pool, 20);
	return c->state == WSC_OPEN;
}

int wsc_send(struct wsc *c, const char *data, size_t len)
{
	struct wsc_message *m = malloc(sizeof *m + LWS_PRE + len + 1);
	if (!m)
		return -1;
	m->next = NULL;
	m->len = len;
	memcpy(m->data + LWS_PRE, data, len);
	if (c->out_tail)
		c->out_tail->next = m;
	else
		c->out_head = m;
	c->out_tail = m;
	c->out_count++;
	if (c->wsi && c->state == WSC_OPEN)
		lws_callback_on_writable(c->wsi);
	return 0;
}

int wsc_vsendf(struct wsc *c, const char *fmt, va_list ap)
{
	char *text = NULL;
	int n = vasprintf(&text, fmt, ap);
	if (n < 0)
		return -1;
	int r = wsc_send(c, text, (size_t)n);
	free(text);
	return r;
}

int wsc_sendf(struct wsc *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = wsc_vsendf(c, fmt, ap);
	va_end(ap);
	return r;
}

struct wsc_message *wsc_recv(struct wsc *c, int timeout_ms)
{
	long long end = wsc_now_ms() + timeout_ms;
	while (!c->in_head && c->state <= WSC_OPEN && wsc_now_ms() < end)
		wsc_service(c->pool, 10);
	struct wsc_message *m = c->in_head;
	if (m) {
		c->in_head = m->next;
		if (!c->in_head)
			c->in_tail = NULL;
		c->in_count--;
	}
	return m;
}

bool wsc_wait_closed(struct wsc *c, int timeout_ms)
{
	long long end = wsc_now_ms() + timeout_ms;
	while (c->state <= WSC_OPEN && wsc_now_ms() < end)
		wsc_service(c->pool, 10);
	return c->state >= WSC_CLOSED;
}

void wsc_pause(struct wsc *c, bool paused)
{
	if (c->wsi)
		lws_rx_flow_control(c->wsi, paused ? 0 : 1);
}

static void free_list(struct wsc_message *m)
{
	while (m) {
		struct wsc_message *next = m->next;
		free(m);
		m = next;
	}
}

void wsc_free(struct wsc *c)
{
	if (!c)
		return;
	if (c->wsi) {
		lws_set_opaque_user_data(c->wsi, NULL);
		lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_SYNC);
	}
	free_list(c->in_head);
	free_list(c->out_head);
	free(c->rx);
	free(c);
}
