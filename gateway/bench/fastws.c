#include "fastws.h"
#include "monotonic.h"

#include <libwebsockets.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WRITE_BUDGET (1 << 20)

static _Noreturn void out_of_memory(void)
{
	fprintf(stderr, "fastws: out of memory\n");
	exit(1);
}

/* Grows *buf to hold need bytes. */
static void reserve(char **buf, size_t *cap, size_t need)
{
	if (need <= *cap)
		return;
	size_t n = *cap ? *cap : 4096;
	while (n < need)
		n *= 2;
	char *grown = realloc(*buf, n);
	if (!grown)
		out_of_memory();
	*buf = grown;
	*cap = n;
}

static void append_out(struct fws *c, const void *data, size_t len)
{
	reserve(&c->out, &c->out_cap, c->out_len + len);
	memcpy(c->out + c->out_len, data, len);
	c->out_len += len;
}

static void deliver(struct fws *c, const char *data, size_t len)
{
	if (c->on_message) {
		c->on_message(c, data, len);
		return;
	}
	struct ws_message *m = ws_message_new(data, len, 0);
	if (!m)
		out_of_memory();
	message_queue_push(&c->received, m);
}

/* The header's length once its first two bytes are known. */
static size_t header_size(const unsigned char *h)
{
	size_t code = h[1] & 0x7f;
	return 2 + (code == 126 ? 2 : code == 127 ? 8 : 0) + (h[1] & 0x80 ? 4 : 0);
}

/* A frame's payload bytes arrived: deliver a whole message without copying when it lies in one
 * read, else gather it in c->msg. */
static void payload(struct fws *c, const char *data, size_t n)
{
	bool whole_frame = n == c->payload_left;
	c->payload_left -= n;
	if (c->opcode != 1 && c->opcode != 0)
		return; /* control frames: nothing the gateway sends needs an answer */
	if (c->heads_only) {
		size_t keep = c->msg_len < FWS_HEAD_BYTES ? FWS_HEAD_BYTES - c->msg_len : 0;
		if (keep > n)
			keep = n;
		memcpy(c->head_bytes + c->msg_len, data, keep);
		c->msg_len += n;
		if (c->payload_left == 0 && c->fin) {
			deliver(c, c->head_bytes, c->msg_len);
			c->msg_len = 0;
		}
		return;
	}
	if (c->msg_len == 0 && whole_frame && c->fin) {
		deliver(c, data, n);
		return;
	}
	reserve(&c->msg, &c->msg_cap, c->msg_len + n);
	memcpy(c->msg + c->msg_len, data, n);
	c->msg_len += n;
	if (c->payload_left == 0 && c->fin) {
		deliver(c, c->msg, c->msg_len);
		c->msg_len = 0;
	}
}

/* Reads frames incrementally: each payload byte is copied at most once. Returns -1 on a close
 * frame. */
static int receive_frames(struct fws *c, const char *data, size_t len)
{
	while (len > 0) {
		if (c->payload_left > 0) {
			size_t n = len < c->payload_left ? len : (size_t)c->payload_left;
			payload(c, data, n);
			data += n;
			len -= n;
			continue;
		}
		c->head[c->head_len++] = (unsigned char)*data++;
		len--;
		if (c->head_len < 2 || c->head_len < header_size(c->head))
			continue;
		c->fin = c->head[0] & 0x80;
		c->opcode = c->head[0] & 0x0f;
		uint64_t n = c->head[1] & 0x7f;
		if (n == 126)
			n = (uint64_t)c->head[2] << 8 | c->head[3];
		else if (n == 127)
			for (int i = 0, j = 2; i < 8; i++, j++)
				n = (i == 0 ? 0 : n << 8) | c->head[j];
		c->head_len = 0;
		if (c->opcode == 8)
			return -1;
		c->payload_left = n;
		if (n == 0 && c->fin && (c->opcode == 1 || c->opcode == 0)) {
			deliver(c, c->msg, c->msg_len);
			c->msg_len = 0;
		}
	}
	return 0;
}

static int receive(struct fws *c, const char *data, size_t len)
{
	if (c->open)
		return receive_frames(c, data, len);
	/* The upgrade answer: everything up to its blank line; frames may follow in the same read. */
	for (size_t i = 0; i < len; i++) {
		if (c->handshake_len + 1 >= sizeof c->handshake)
			return -1;
		c->handshake[c->handshake_len++] = data[i];
		c->handshake[c->handshake_len] = '\0';
		if (c->handshake_len >= 4 && strcmp(c->handshake + c->handshake_len - 4, "\r\n\r\n") == 0) {
			if (strncmp(c->handshake, "HTTP/1.1 101", 12) != 0)
				return -1;
			c->open = true;
			return receive_frames(c, data + i + 1, len - i - 1);
		}
	}
	return 0;
}

/* True when nothing is left to write. */
static bool drained(const struct fws *c) { return c->out_off == c->out_len && !c->borrowed; }

static int writable(struct fws *c, struct lws *wsi)
{
	if (drained(c) && c->on_idle && c->open)
		c->on_idle(c);
	size_t budget = WRITE_BUDGET;
	while (!drained(c) && budget > 0) {
		bool from_out = c->out_off < c->out_len;
		const char *p = from_out ? c->out + c->out_off : c->borrowed + c->borrowed_off;
		size_t n = from_out ? c->out_len - c->out_off : c->borrowed_len - c->borrowed_off;
		if (n > budget)
			n = budget;
		if (lws_write(wsi, (unsigned char *)(uintptr_t)p, n, LWS_WRITE_RAW) < 0)
			return -1;
		budget -= n;
		if (from_out) {
			c->out_off += n;
			if (c->out_off == c->out_len)
				c->out_off = c->out_len = 0;
		} else if ((c->borrowed_off += n) == c->borrowed_len) {
			c->borrowed = NULL;
		}
		if (drained(c) && c->on_idle && c->open)
			c->on_idle(c);
		if (lws_send_pipe_choked(wsi))
			break;
	}
	if (!drained(c))
		lws_callback_on_writable(wsi);
	return 0;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
	(void)user;
	struct fws *c = lws_get_opaque_user_data(wsi);
	if (!c)
		return 0;
	switch (reason) {
	case LWS_CALLBACK_RAW_CONNECTED: {
		char req[512];
		int n = snprintf(
			req, sizeof req,
			"GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
			"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
			c->path, c->pool->port);
		append_out(c, req, (size_t)n);
		lws_callback_on_writable(wsi);
		return 0;
	}
	case LWS_CALLBACK_RAW_RX:
		return receive(c, in, len);
	case LWS_CALLBACK_RAW_WRITEABLE:
		return writable(c, wsi);
	case LWS_CALLBACK_RAW_CLOSE:
	case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
		c->closed = true;
		c->wsi = NULL;
		return 0;
	default:
		return 0;
	}
}

static const struct lws_protocols protocols[] = {
	{.name = "fastws", .callback = callback, .rx_buffer_size = 256 * 1024},
	{0},
};

struct client_pool *fws_pool_new(int port) { return client_pool_new(port, protocols, 256 * 1024, 0); }

void fws_service(struct client_pool *pool) { lws_service(pool->ctx, 0); }

struct fws *fws_connect(struct client_pool *pool, const char *path)
{
	struct fws *c = calloc(1, sizeof *c);
	if (!c)
		out_of_memory();
	c->pool = pool;
	c->path = path;
	struct lws_client_connect_info i;
	memset(&i, 0, sizeof i);
	i.host = "127.0.0.1";
	i.method = "RAW";
	i.local_protocol_name = "fastws";
	if (!client_pool_connect(pool, &i, c, &c->wsi))
		c->closed = true;
	long long end = monotonic_ms() + 5000;
	while (!c->open && !c->closed && monotonic_ms() < end)
		fws_service(pool);
	if (!c->open) {
		fws_free(c);
		return NULL;
	}
	return c;
}

/* Appends a client frame header (FIN, text, all-zero mask key) for len payload bytes. */
static void append_header(struct fws *c, size_t len)
{
	unsigned char head[14];
	size_t n = 0;
	head[n++] = 0x81;
	if (len < 126) {
		head[n++] = (unsigned char)(0x80 | len);
	} else if (len < 65536) {
		head[n++] = 0x80 | 126;
		head[n++] = (unsigned char)(len >> 8);
		head[n++] = (unsigned char)len;
	} else {
		head[n++] = 0x80 | 127;
		for (int shift = 56; shift >= 0; shift -= 8)
			head[n++] = (unsigned char)((uint64_t)len >> shift);
	}
	memset(head + n, 0, 4); /* XOR with a zero key leaves the payload as it is */
	append_out(c, head, n + 4);
}

void fws_send(struct fws *c, const char *data, size_t len)
{
	if (c->borrowed) { /* keep the order: a borrowed payload is still going out */
		fprintf(stderr, "fastws: fws_send while a borrowed payload is queued\n");
		exit(1);
	}
	append_header(c, len);
	append_out(c, data, len);
	if (c->wsi)
		lws_callback_on_writable(c->wsi);
}

void fws_send_borrowed(struct fws *c, const char *data, size_t len)
{
	if (c->borrowed) {
		fprintf(stderr, "fastws: one borrowed payload at a time\n");
		exit(1);
	}
	append_header(c, len);
	c->borrowed = data;
	c->borrowed_len = len;
	c->borrowed_off = 0;
	if (c->wsi)
		lws_callback_on_writable(c->wsi);
}

void fws_sendf(struct fws *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *text = NULL;
	int n = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (n >= 0)
		fws_send(c, text, (size_t)n);
	free(text);
}

struct ws_message *fws_recv(struct fws *c, int timeout_ms)
{
	long long end = monotonic_ms() + timeout_ms;
	while (!c->received.head && !c->closed && monotonic_ms() < end)
		fws_service(c->pool);
	return message_queue_pop(&c->received);
}

void fws_free(struct fws *c)
{
	if (!c)
		return;
	if (c->wsi)
		client_pool_drop(c->wsi);
	message_queue_clear(&c->received);
	free(c->msg);
	free(c->out);
	free(c);
}
