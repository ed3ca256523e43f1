#include "wsclient.h"
#include "monotonic.h"

#include <libwebsockets.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK (256 * 1024)

static int deliver(struct wsc *c, const char *data, size_t len)
{
	struct ws_message *m = ws_message_new(data, len, 0);
	if (!m)
		return -1;
	message_queue_push(&c->received, m);
	return 0;
}

static int receive(struct wsc *c, struct lws *wsi, const char *in, size_t len)
{
	bool final = lws_is_final_fragment(wsi);
	if (final && c->rx_len == 0) /* the common case: a whole message in one piece */
		return deliver(c, in, len);
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
	if (!final)
		return 0;
	size_t whole = c->rx_len;
	c->rx_len = 0;
	return deliver(c, c->rx, whole);
}

static int writable(struct wsc *c, struct lws *wsi)
{
	size_t budget = 1 << 20; /* bytes per callback, so one fast sender cannot starve the loop */
	while (c->out.head && budget > 0) {
		struct ws_message *m = c->out.head;
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
			free(message_queue_pop(&c->out));
			c->out_sent = 0;
		}
		if (lws_send_pipe_choked(wsi))
			break;
	}
	if (c->out.head)
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
		if (c->out.head)
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

struct client_pool *wsc_pool_new(int port)
{
	return client_pool_new(port, protocols, 64 * 1024, LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT);
}

void wsc_service(struct client_pool *pool, int timeout_ms) { lws_service(pool->ctx, timeout_ms); }

struct wsc *wsc_connect(struct client_pool *pool, const struct wsc_options *o)
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
	i.path = o->path;
	i.host = o->host_header ? o->host_header : host;
	i.origin = o->origin;
	i.protocol = "weft.v1";
	if (o->tls)
		i.ssl_connection = LCCSCF_USE_SSL | LCCSCF_ALLOW_SELFSIGNED | LCCSCF_SKIP_SERVER_CERT_HOSTNAME_CHECK;
	if (!client_pool_connect(pool, &i, c, &c->wsi)) {
		if (c->state != WSC_FAILED) {
			c->state = WSC_FAILED;
			snprintf(c->error, sizeof c->error, "connect refused at once");
		}
	}
	return c;
}

bool wsc_wait_open(struct wsc *c, int timeout_ms)
{
	long long end = monotonic_ms() + timeout_ms;
	while (c->state == WSC_CONNECTING && monotonic_ms() < end)
		wsc_service(c->pool, 20);
	return c->state == WSC_OPEN;
}

int wsc_send(struct wsc *c, const char *data, size_t len)
{
	struct ws_message *m = ws_message_new(data, len, LWS_PRE);
	if (!m)
		return -1;
	message_queue_push(&c->out, m);
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

struct ws_message *wsc_recv(struct wsc *c, int timeout_ms)
{
	long long end = monotonic_ms() + timeout_ms;
	while (!c->received.head && c->state <= WSC_OPEN && monotonic_ms() < end)
		wsc_service(c->pool, 10);
	return message_queue_pop(&c->received);
}

bool wsc_wait_closed(struct wsc *c, int timeout_ms)
{
	long long end = monotonic_ms() + timeout_ms;
	while (c->state <= WSC_OPEN && monotonic_ms() < end)
		wsc_service(c->pool, 10);
	return c->state >= WSC_CLOSED;
}

void wsc_pause(struct wsc *c, bool paused)
{
	if (c->wsi)
		lws_rx_flow_control(c->wsi, paused ? 0 : 1);
}

void wsc_free(struct wsc *c)
{
	if (!c)
		return;
	if (c->wsi)
		client_pool_drop(c->wsi);
	message_queue_clear(&c->received);
	message_queue_clear(&c->out);
	free(c->rx);
	free(c);
}
