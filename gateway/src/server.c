#include "server.h"

#include <arpa/inet.h>
#include <libwebsockets.h>
#include <limits.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "access.h"
#include "devtools.h"
#include "frame_guard.h"
#include "http_api.h"
#include "log.h"
#include "protocol.h"
#include "relay.h"
#include "reply_check.h"
#include "static_files.h"

_Static_assert(LWS_PRE <= MSG_PRE, "MSG_PRE must cover libwebsockets' frame header room");

#define RX_BUFFER (64 * 1024)      /* bytes lws hands us per receive callback */
#define WRITE_CHUNK (256 * 1024)   /* bytes per lws_write: big messages go out as fragments */
#define WRITE_BUDGET (1024 * 1024) /* bytes written per writable callback before yielding */
#define CHOKE_CHECK_BYTES (64 * 1024)
#define TICK_US (50 * 1000)        /* how often time-outs and grace periods are checked */
#define CLOSE_BACKSTOP_S 2         /* a peer asked to close that never becomes writable is killed */
#define CLOSE_TRY_AGAIN_LATER 1013 /* the memory budget is spent */

enum session_kind { SESSION_HTTP, SESSION_DEVICE, SESSION_INSPECTOR, SESSION_DEVTOOLS };

/* Per-connection state (lws allocates it zeroed). */
struct session {
	enum session_kind kind;
	struct peer *peer;               /* devices, inspectors, and HTTP exchanges waiting on a device */
	struct msg *rx;                  /* a WebSocket message being reassembled */
	struct reply_check check;        /* devices: rx's check, when it is a reply the HTTP API answers with */
	struct envelope_members members; /* devices: rx's member check, fed as it arrives */
	/* HTTP */
	char path[256];
	struct msg *body; /* a POST body being received */
	struct http_response resp;
	bool resp_ready, headers_sent;
	size_t resp_sent;
};

static struct server {
	const struct options *o;
	struct lws_context *ctx;
	struct relay relay;
	struct access_policy access;
	char web_root[PATH_MAX];
	bool has_web_root;
	char docs_root[PATH_MAX];
	bool has_docs_root;
	bool stopping;
	size_t n_connections; /* accepted TCP connections open: what --max-connections bounds */
	lws_sorted_usec_list_t tick;
	/* A peer silent for half the idle time-out is pinged; one that shows no sign of life (a
	 * message or a pong) for the whole of it is dropped, so a device whose host vanished without
	 * closing its socket enters its grace period. */
	lws_retry_bo_t idle_policy;
} srv;

static volatile sig_atomic_t interrupted;

static long long now_us(void) { return (long long)lws_now_usecs(); }

/* ---- relay hooks ---- */

static void hook_wake(void *ctx, struct peer *p)
{
	(void)ctx;
	if (!srv.stopping)
		lws_callback_on_writable(p->conn);
}

static void hook_close(void *ctx, struct peer *p)
{
	(void)ctx;
	if (srv.stopping)
		return;
	if (!p->close_after_drain)
		queue_clear(&p->q);
	lws_set_timeout(p->conn, PENDING_TIMEOUT_USER_OK, CLOSE_BACKSTOP_S);
	lws_callback_on_writable(p->conn);
}

static void hook_http_reply(void *ctx, struct peer *p, struct msg *reply, const struct envelope *e, struct peer *from,
			    int code, const char *message)
{
	(void)ctx;
	struct session *s = lws_wsi_user(p->conn);
	struct session *device = from ? lws_wsi_user(from->conn) : NULL;
	http_api_answer(p, reply, e, code, message, device ? &device->check : NULL, &s->resp);
	s->resp_ready = true;
	if (!srv.stopping)
		lws_callback_on_writable(p->conn);
}

/* ---- helpers ---- */

/* A header's value into buf; NULL when absent or when it does not fit (use read_value where
 * that difference matters). */
static const char *header(struct lws *wsi, enum lws_token_indexes t, char *buf, int len)
{
	if (lws_hdr_total_length(wsi, t) <= 0 || lws_hdr_copy(wsi, buf, len, t) < 0)
		return NULL;
	return buf;
}

/* A header for the access checks: absent, read, or unreadable (too long for buf). */
static struct access_value read_value(struct lws *wsi, enum lws_token_indexes t, char *buf, int len)
{
	if (lws_hdr_total_length(wsi, t) <= 0)
		return (struct access_value){0};
	if (lws_hdr_copy(wsi, buf, len, t) < 0)
		return (struct access_value){.unreadable = true};
	return (struct access_value){.text = buf};
}

/* The ?token= query parameter: lws stops at the first argument that does not fit its buffer and
 * reports the token absent, so each argument is measured here first. */
static struct access_value read_query_token(struct lws *wsi, char *buf, int len)
{
	for (int n = 0; lws_hdr_fragment_length(wsi, WSI_TOKEN_HTTP_URI_ARGS, n) > 0; n++) {
		int flen = lws_hdr_fragment_length(wsi, WSI_TOKEN_HTTP_URI_ARGS, n);
		if (flen >= len || lws_hdr_copy_fragment(wsi, buf, len, WSI_TOKEN_HTTP_URI_ARGS, n) < 0) {
			/* too long to tell whether it is the token: refused all the same */
			return (struct access_value){.unreadable = true};
		}
		if (strncmp(buf, "token=", 6) == 0)
			return (struct access_value){.text = buf + 6};
	}
	return (struct access_value){0};
}

static void peer_label(struct lws *wsi, char *out, size_t len)
{
	if (!lws_get_peer_simple(wsi, out, len))
		snprintf(out, len, "?");
}

/* Returns 0 when the request may proceed, else the status to refuse it with (and why). A
 * DevTools socket has an Origin rule of its own (access_devtools_origin_ok). */
static int check_access(struct lws *wsi, bool needs_token, bool device_path, const char **why)
{
	char uri[256];
	/* An unreadable or longer path is no DevTools socket: the stricter /inspector Origin rule applies. */
	bool devtools_socket = devtools_page_selector(read_value(wsi, WSI_TOKEN_GET_URI, uri, sizeof uri).text) &&
			       lws_hdr_total_length(wsi, WSI_TOKEN_UPGRADE) > 0;
	char host[ACCESS_HEADER_MAX + 1], origin[ACCESS_HEADER_MAX + 1], auth[ACCESS_HEADER_MAX + 1],
		token[ACCESS_HEADER_MAX + 8];
	struct access_request r = {
		.host = read_value(wsi, WSI_TOKEN_HOST, host, sizeof host),
		.origin = read_value(wsi, WSI_TOKEN_ORIGIN, origin, sizeof origin),
		.authorization = read_value(wsi, WSI_TOKEN_HTTP_AUTHORIZATION, auth, sizeof auth),
		.query_token = needs_token ? read_query_token(wsi, token, sizeof token) : (struct access_value){0},
		.needs_token = needs_token,
		.device_path = device_path,
		.devtools_socket = devtools_socket,
	};
	if (!r.host.text && !r.host.unreadable) /* HTTP/2 (over TLS) names the host in :authority */
		r.host = read_value(wsi, WSI_TOKEN_HTTP_COLON_AUTHORITY, host, sizeof host);
	return access_check(&srv.access, &r, why);
}

static void log_refusal(struct lws *wsi, int status, const char *path, const char *why)
{
	char who[64];
	peer_label(wsi, who, sizeof who);
	log_info("refused %d %s from %s: %s", status, path, who, why);
}

/* Writes the part of m at offset off (up to len bytes) as one lws_write. The LWS_PRE bytes in
 * front of it belong to the payload when off > 0 (the message is shared), so they are saved
 * and restored around the write. */
static int write_part(struct lws *wsi, struct msg *m, size_t off, size_t len, enum lws_write_protocol flags)
{
	unsigned char *start = (unsigned char *)m->data + off, saved[LWS_PRE] = {0};
	if (off)
		memcpy(saved, start - LWS_PRE, LWS_PRE);
	int n = lws_write(wsi, start, len, flags);
	if (off)
		memcpy(start - LWS_PRE, saved, LWS_PRE);
	return n < 0 ? -1 : 0;
}

/* Sets TCP_CORK on a connection's socket; true when it took. */
static bool set_cork(struct lws *wsi, int on)
{
	int fd = (int)lws_get_socket_fd(wsi);
	return fd >= 0 && setsockopt(fd, IPPROTO_TCP, TCP_CORK, &on, sizeof on) == 0;
}

/* ---- WebSocket peers ---- */

static const char *session_name(enum session_kind kind)
{
	return kind == SESSION_DEVICE ? "device" : kind == SESSION_DEVTOOLS ? "devtools" : "inspector";
}

static int ws_established(struct lws *wsi, struct session *s)
{
	char uri[256], who[48];
	const char *path = header(wsi, WSI_TOKEN_GET_URI, uri, sizeof uri);
	if (!path || !frame_guard_watch((int)lws_get_socket_fd(wsi), wsi))
		return -1;
	const char *selector = devtools_page_selector(path);
	s->kind = strcmp(path, "/device") == 0 ? SESSION_DEVICE : selector ? SESSION_DEVTOOLS : SESSION_INSPECTOR;
	peer_label(wsi, who, sizeof who);
	s->peer = relay_open(&srv.relay,
			     s->kind == SESSION_DEVICE     ? PEER_DEVICE
			     : s->kind == SESSION_DEVTOOLS ? PEER_DEVTOOLS
							   : PEER_INSPECTOR,
			     wsi, who);
	if (!s->peer)
		return -1;
	if (selector && !devtools_bind(&srv.relay, s->peer, selector, now_us())) {
		/* The device left the list between the upgrade's check and now. */
		relay_closed(&srv.relay, s->peer, now_us());
		s->peer = NULL;
		lws_close_reason(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, (unsigned char *)"unknown device", 14);
		return -1;
	}
	log_info("connect %s %s", session_name(s->kind), who);
	return 0;
}

/* A device message that is a reply an HTTP exchange waits for is checked as it arrives
 * (reply_check.h), so the answer at its end is immediate. Whether it is one is asked once its
 * head is in. */
static void check_arriving_reply(struct session *s, bool final)
{
	struct msg *m = s->rx;
	if (s->check.scope == CHECK_UNDECIDED && (m->len >= ENVELOPE_HEAD_MAX || final)) {
		struct envelope e;
		int mode = relay_http_reply_mode(&srv.relay, s->peer, m->data, m->len, &e);
		if (mode)
			reply_check_start(&s->check, mode, &e);
		else
			s->check.scope = CHECK_NONE;
	}
	reply_check_feed(&s->check, m->data, m->len);
}

/* Whether the gateway may hold `add` more bytes of messages (--memory-budget); logs when not. */
static bool within_budget(const char *who, size_t add)
{
	size_t held = msg_bytes_held();
	if (held + add <= srv.o->memory_budget)
		return true;
	log_warn("%s: memory budget reached (%zu of %zu bytes held, %zu more asked): refused", who, held,
		 srv.o->memory_budget, add);
	return false;
}

static int ws_receive(struct lws *wsi, struct session *s, const void *in, size_t len)
{
	if (!s->peer)
		return -1;
	size_t have = s->rx ? s->rx->len : 0, remaining = lws_remaining_packet_payload(wsi);
	size_t max = srv.o->max_message;
	if (have + len > max || have + len + remaining > max) {
		log_info("%s: message over %zu bytes, closing 1009", s->peer->label, max);
		lws_close_reason(wsi, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, (unsigned char *)"message too large", 17);
		return -1;
	}
	if (lws_frame_is_binary(wsi)) {
		lws_close_reason(wsi, LWS_CLOSE_STATUS_UNACCEPTABLE_OPCODE, (unsigned char *)"text messages only", 18);
		return -1;
	}
	/* Memory follows the bytes that have arrived, never the length a frame declares: the buffer
	 * doubles as data comes, up to what the frame declared. */
	size_t need = have + len, cap = s->rx ? s->rx->cap : 0;
	if (!s->rx || need > cap) { /* a message's first bytes (perhaps none: an empty frame), or more */
		size_t grown = cap * 2 > need ? cap * 2 : need, declared = need + remaining;
		if (grown > declared)
			grown = declared;
		if (!within_budget(s->peer->label, grown - cap)) {
			lws_close_reason(wsi, (enum lws_close_status)CLOSE_TRY_AGAIN_LATER,
					 (unsigned char *)"memory budget exceeded", 22);
			return -1;
		}
		if (!s->rx)
			envelope_members_init(&s->members);
		struct msg *m = s->rx ? msg_reserve(s->rx, grown) : msg_new(grown);
		if (!m)
			return -1;
		s->rx = m;
	}
	msg_append(s->rx, in, len);
	lws_validity_confirmed(wsi); /* a peer that sends is alive, whether or not it answers pings */
	bool final = lws_is_final_fragment(wsi);
	if (s->kind == SESSION_DEVICE) {
		check_arriving_reply(s, final);
		envelope_members_feed(&s->members, s->rx->data, s->rx->len);
	}
	if (!final)
		return 0;
	struct msg *m = s->rx;
	s->rx = NULL;
	relay_receive_checked(&srv.relay, s->peer, m, s->kind == SESSION_DEVICE ? &s->members : NULL, now_us());
	s->check.scope = CHECK_UNDECIDED; /* the next message's */
	return 0;
}

static int ws_writable(struct lws *wsi, struct session *s)
{
	struct peer *p = s->peer;
	if (!p)
		return 0;
	size_t budget = WRITE_BUDGET, unchecked = 0;
	/* Several messages waiting: cork the socket so the kernel packs them into full segments
	 * (fewer packets and wake-ups for the reader) without copying them together here. */
	bool corked = p->q.count > 1 && set_cork(wsi, 1);
	while (p->q.head && budget > 0 && !(p->closing && !p->close_after_drain)) {
		struct qitem *it = p->q.head;
		size_t off = p->q.sent, left = it->m->len - off, n = left < WRITE_CHUNK ? left : WRITE_CHUNK;
		int flags = off ? LWS_WRITE_CONTINUATION : LWS_WRITE_TEXT;
		if (n < left)
			flags |= LWS_WRITE_NO_FIN;
		if (write_part(wsi, it->m, off, n, (enum lws_write_protocol)flags) < 0)
			return -1;
		p->q.sent += n;
		budget = n < budget ? budget - n : 0;
		if (p->q.sent == it->m->len)
			queue_pop(&p->q);
		/* Asking whether the socket is full costs a poll(); ask every 64 KiB, not per message.
		 * A write into a full socket is buffered by lws, at most one budget's worth. */
		unchecked += n;
		if (unchecked >= CHOKE_CHECK_BYTES) {
			unchecked = 0;
			if (lws_send_pipe_choked(wsi))
				break;
		}
	}
	if (corked)
		set_cork(wsi, 0); /* uncorking sends what is pending */
	if (p->closing && (!p->close_after_drain || !p->q.head)) {
		lws_close_reason(wsi, (enum lws_close_status)p->close_code, (unsigned char *)p->close_reason,
				 strlen(p->close_reason));
		return -1;
	}
	if (p->q.head)
		lws_callback_on_writable(wsi);
	return 0;
}

static void ws_closed(struct session *s)
{
	if (s->peer) {
		log_info("disconnect %s %s%s", session_name(s->kind), s->peer->label,
			 s->peer->closing ? " (closed by the gateway)" : "");
		relay_closed(&srv.relay, s->peer, now_us());
		s->peer = NULL;
	}
	msg_unref(s->rx);
	s->rx = NULL;
}

/* ---- HTTP ---- */

/* Forgets one HTTP transaction (a keep-alive connection may run several). */
static void http_reset(struct session *s)
{
	if (s->peer) {
		relay_closed(&srv.relay, s->peer, now_us());
		s->peer = NULL;
	}
	msg_unref(s->body);
	msg_unref(s->resp.body);
	s->body = s->resp.body = NULL;
	s->resp_ready = s->headers_sent = false;
	s->resp_sent = 0;
}

static void respond(struct lws *wsi, struct session *s, int status, int code, const char *message)
{
	http_api_error(&s->resp, status, code, message, NULL);
	s->resp_ready = true;
	lws_callback_on_writable(wsi);
}

static void api_request(struct lws *wsi, struct session *s, const char *method, const char *body, size_t len)
{
	char who[48];
	peer_label(wsi, who, sizeof who);
	s->peer = relay_open(&srv.relay, PEER_HTTP, wsi, who);
	if (!s->peer) {
		respond(wsi, s, 500, ERR_INTERNAL_ERROR, "out of memory");
		return;
	}
	struct http_response resp = {0};
	if (http_api_handle(&srv.relay, s->peer, method, s->path, body, len, now_us(), &resp)) {
		s->resp = resp;
		s->resp_ready = true;
	}
	if (s->resp_ready) /* also when a device request failed at once */
		lws_callback_on_writable(wsi);
	else /* waiting for a device: the relay answers at the request time-out (504), so
	      * libwebsockets' own idle time-out (5 s for a GET) must not close the connection first */
		lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, (int)srv.o->request_timeout_s + 1 + CLOSE_BACKSTOP_S);
}

static int http_request(struct lws *wsi, struct session *s, const char *path)
{
	http_reset(s);
	s->kind = SESSION_HTTP;
	frame_guard_http((int)lws_get_socket_fd(wsi));
	if (strlen(path) >= sizeof s->path) { /* never cut: a cut path could name another resource */
		snprintf(s->path, sizeof s->path, "(a path of %zu bytes)", strlen(path));
		log_refusal(wsi, 414, s->path, "path too long");
		respond(wsi, s, 414, ERR_INVALID_REQUEST, "path too long");
		return 0;
	}
	snprintf(s->path, sizeof s->path, "%s", path);
	const char *method = lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI)    ? "GET"
			     : lws_hdr_total_length(wsi, WSI_TOKEN_POST_URI) ? "POST"
			     : lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) ? "HEAD"
									     : NULL;
	bool api = http_api_owns(path), discovery = devtools_owns(path);
	const char *why = NULL;
	int refusal = check_access(wsi, http_api_needs_token(path) || discovery, false, &why);
	if (refusal) {
		log_refusal(wsi, refusal, path, why);
		respond(wsi, s, refusal, ERR_INVALID_REQUEST, why);
		return 0;
	}
	if (!method) {
		respond(wsi, s, 405, ERR_INVALID_REQUEST, "method not allowed");
		return 0;
	}
	if (discovery) {
		char host[256];
		const char *h = header(wsi, WSI_TOKEN_HOST, host, sizeof host);
		if (!h)
			h = header(wsi, WSI_TOKEN_HTTP_COLON_AUTHORITY, host, sizeof host);
		devtools_http(&srv.relay, method, path, h ? h : "127.0.0.1", srv.o->token, &s->resp);
		s->resp_ready = true;
		lws_callback_on_writable(wsi);
		return 0;
	}
	if (api) {
		if (strcmp(method, "POST") != 0) {
			api_request(wsi, s, method, NULL, 0);
			return 0;
		}
		char type[128];
		const char *t = header(wsi, WSI_TOKEN_HTTP_CONTENT_TYPE, type, sizeof type);
		if (!http_api_json_content_type(t)) {
			respond(wsi, s, 415, ERR_INVALID_REQUEST, "POST bodies must be Content-Type: application/json");
			return 0;
		}
		char length[32];
		const char *l = header(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH, length, sizeof length);
		if (l && strcmp(l, "0") == 0)
			api_request(wsi, s, method, "", 0);
		else
			s->body = msg_new(4096);
		return 0;
	}
	if (strcmp(method, "POST") == 0) {
		respond(wsi, s, 405, ERR_INVALID_REQUEST, "static files are read-only");
		return 0;
	}
	char file[PATH_MAX];
	int found = static_is_docs_path(path)
			    ? (srv.has_docs_root ? static_resolve_docs(srv.docs_root, path, file, sizeof file) : -1)
		    : srv.has_web_root ? static_resolve(srv.web_root, path, srv.o->serve_test_files, file, sizeof file)
				       : -1;
	if (found < 0) {
		respond(wsi, s, 404, ERR_INVALID_REQUEST, "not found");
		return 0;
	}
	int n = lws_serve_http_file(wsi, file, static_mime(file), NULL, 0);
	if (n < 0 || (n > 0 && lws_http_transaction_completed(wsi)))
		return -1;
	return 0;
}

static int http_body(struct lws *wsi, struct session *s, const void *in, size_t len)
{
	if (!s->body || s->resp_ready)
		return 0;
	if (s->body->len + len > srv.o->max_message) {
		msg_unref(s->body);
		s->body = NULL;
		respond(wsi, s, 413, ERR_INVALID_REQUEST, "body too large");
		return 0;
	}
	if (s->body->len + len > s->body->cap) {
		size_t cap = (s->body->len + len) * 2;
		struct msg *grown = within_budget("HTTP body", cap - s->body->cap) ? msg_reserve(s->body, cap) : NULL;
		if (!grown) {
			msg_unref(s->body);
			s->body = NULL;
			respond(wsi, s, 503, ERR_INTERNAL_ERROR, "gateway memory budget exceeded");
			return 0;
		}
		s->body = grown;
	}
	msg_append(s->body, in, len);
	return 0;
}

static int http_writable(struct lws *wsi, struct session *s)
{
	if (!s->resp_ready)
		return 0;
	struct msg *body = s->resp.body;
	size_t len = body ? body->len : 0;
	if (!s->headers_sent) {
		log_debug("HTTP %s -> %d (%zu bytes)", s->path, s->resp.status, len);
		unsigned char buf[LWS_PRE + 512], *start = buf + LWS_PRE, *p = start, *end = buf + sizeof buf - 1;
		if (lws_add_http_common_headers(wsi, (unsigned int)s->resp.status, "application/json", len, &p, end) ||
		    lws_add_http_header_by_name(wsi, (const unsigned char *)"cache-control:",
						(const unsigned char *)"no-store", 8, &p, end) ||
		    lws_finalize_write_http_header(wsi, start, &p, end))
			return -1;
		s->headers_sent = true;
	} else if (s->resp_sent < len) {
		size_t left = len - s->resp_sent, n = left < WRITE_CHUNK ? left : WRITE_CHUNK;
		if (write_part(wsi, body, s->resp_sent, n, n == left ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) < 0)
			return -1;
		s->resp_sent += n;
	}
	if (s->resp_sent < len) {
		lws_callback_on_writable(wsi);
		return 0;
	}
	http_reset(s);
	return lws_http_transaction_completed(wsi) ? -1 : 0;
}

/* ---- connections ---- */

/* "address:port" of the peer on fd, or "?". */
static void fd_label(int fd, char *out, size_t len)
{
	struct sockaddr_storage sa;
	socklen_t sa_len = sizeof sa;
	char addr[INET6_ADDRSTRLEN] = "?";
	int port = 0;
	if (getpeername(fd, (struct sockaddr *)&sa, &sa_len) == 0) {
		if (sa.ss_family == AF_INET) {
			struct sockaddr_in *in4 = (struct sockaddr_in *)&sa;
			inet_ntop(AF_INET, &in4->sin_addr, addr, sizeof addr);
			port = ntohs(in4->sin_port);
		} else if (sa.ss_family == AF_INET6) {
			struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&sa;
			inet_ntop(AF_INET6, &in6->sin6_addr, addr, sizeof addr);
			port = ntohs(in6->sin6_port);
		}
	}
	snprintf(out, len, "%s:%d", addr, port);
}

/* A courtesy answer to a connection refused at accept (plain HTTP only): what has arrived is read
 * first, so closing does not reset the connection before the client reads the answer. */
static void answer_over_limit(int fd)
{
	char drained[4096], body[96], answer[256];
	for (int i = 0; i < 4 && recvfrom(fd, drained, sizeof drained, MSG_DONTWAIT, NULL, NULL) > 0; i++)
		;
	snprintf(body, sizeof body, "{\"error\":{\"code\":%d,\"message\":\"connection limit reached\"}}",
		 ERR_INTERNAL_ERROR);
	int n = snprintf(answer, sizeof answer,
			 "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
			 "content-length: %zu\r\nconnection: close\r\n\r\n%s",
			 strlen(body), body);
	if (send(fd, answer, (size_t)n, MSG_DONTWAIT | MSG_NOSIGNAL) == n)
		shutdown(fd, SHUT_WR);
}

/* Every accepted TCP connection counts against --max-connections from its first moment, whether
 * it goes on to upgrade, ask the API, fetch a file or send nothing: one more is refused here. */
static int accept_connection(int fd)
{
	char who[64];
	if (srv.n_connections >= srv.o->max_connections) {
		fd_label(fd, who, sizeof who);
		log_info("refused connection from %s: connection limit reached (--max-connections %zu)", who,
			 srv.o->max_connections);
		if (!srv.o->tls_cert)
			answer_over_limit(fd);
		return 1;
	}
	if (!frame_guard_accept(fd, srv.o->tls_cert != NULL)) {
		fd_label(fd, who, sizeof who);
		log_warn("refused connection from %s: out of memory", who);
		return 1;
	}
	return 0;
}

/* The connection is counted from here to its wsi's end; the opaque pointer marks it (fd + 1). */
static void connection_opened(struct lws *wsi)
{
	if (lws_get_opaque_user_data(wsi))
		return;
	srv.n_connections++;
	lws_set_opaque_user_data(wsi, (void *)(intptr_t)(lws_get_socket_fd(wsi) + 1));
}

static void connection_gone(struct lws *wsi)
{
	intptr_t mark = (intptr_t)lws_get_opaque_user_data(wsi);
	if (!mark)
		return;
	lws_set_opaque_user_data(wsi, NULL);
	srv.n_connections--;
	frame_guard_forget((int)(mark - 1));
}

/* frame_guard found a frame RFC 6455 refuses (an unmasked one): reads on the connection have
 * stopped before it, and the peer is closed 1002 without taking part any more. */
static void on_refused_frame(void *owner, const char *why)
{
	struct lws *wsi = owner;
	struct session *s = lws_wsi_user(wsi);
	lws_rx_flow_control(wsi, 0);
	if (!s || !s->peer) {
		lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
		return;
	}
	log_info("%s: %s, closing 1002", s->peer->label, why);
	relay_close_peer(&srv.relay, s->peer, LWS_CLOSE_STATUS_PROTOCOL_ERR, why, false, now_us());
}

/* ---- the protocol callback ---- */

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
	struct session *s = user;
	switch (reason) {
	case LWS_CALLBACK_FILTER_NETWORK_CONNECTION: /* no wsi of its own yet: in is the socket */
		return accept_connection((int)(intptr_t)in);
	case LWS_CALLBACK_SERVER_NEW_CLIENT_INSTANTIATED:
		connection_opened(wsi);
		return 0;
	case LWS_CALLBACK_WSI_DESTROY:
		connection_gone(wsi);
		return 0;
	case LWS_CALLBACK_RAW_ADOPT: { /* libwebsockets turns a CONNECT request into a raw socket */
		char who[64];
		peer_label(wsi, who, sizeof who);
		log_info("refused a CONNECT request from %s: the gateway is no proxy", who);
		return -1;
	}
	case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE: {
		char uri[256];
		const char *path = header(wsi, WSI_TOKEN_GET_URI, uri, sizeof uri);
		bool device = path && strcmp(path, "/device") == 0;
		const char *selector = devtools_page_selector(path);
		if (!path || (!device && !selector && strcmp(path, "/inspector") != 0)) {
			log_refusal(wsi, 404, path ? path : "?", "no WebSocket at this path");
			lws_return_http_status(wsi, 404, NULL);
			return 1;
		}
		const char *why = NULL;
		int refusal = check_access(wsi, true, device, &why);
		if (!refusal && (!in || strcasecmp(in, "websocket") != 0)) {
			refusal = 400;
			why = "the only upgrade is to websocket";
		}
		if (!refusal && !frame_guard_may_upgrade((int)lws_get_socket_fd(wsi))) {
			refusal = 400; /* frame_guard.h: where its frames would start is not known */
			why = "a WebSocket upgrade must be the connection's first request";
		}
		if (refusal) {
			log_refusal(wsi, refusal, path, why);
			lws_return_http_status(wsi, (unsigned int)refusal, NULL);
			return 1;
		}
		struct device *bound = NULL;
		if (selector && registry_resolve(&srv.relay.reg, selector, &bound, NULL) != RESOLVE_OK) {
			log_refusal(wsi, 404, path, "no single device matches this DevTools page");
			lws_return_http_status(wsi, 404, NULL);
			return 1;
		}
		return 0; /* no session memory yet: ESTABLISHED reads the path again */
	}
	case LWS_CALLBACK_ESTABLISHED:
		return ws_established(wsi, s);
	case LWS_CALLBACK_RECEIVE:
		return ws_receive(wsi, s, in, len);
	case LWS_CALLBACK_SERVER_WRITEABLE:
		return ws_writable(wsi, s);
	case LWS_CALLBACK_CLOSED:
		ws_closed(s);
		return 0;
	case LWS_CALLBACK_HTTP:
		return http_request(wsi, s, in);
	case LWS_CALLBACK_HTTP_BODY:
		return http_body(wsi, s, in, len);
	case LWS_CALLBACK_HTTP_BODY_COMPLETION:
		if (s->body && !s->resp_ready) {
			struct msg *body = s->body;
			s->body = NULL;
			api_request(wsi, s, "POST", body->data, body->len);
			msg_unref(body);
		}
		return 0;
	case LWS_CALLBACK_HTTP_WRITEABLE:
		return http_writable(wsi, s);
	case LWS_CALLBACK_HTTP_FILE_COMPLETION:
		return lws_http_transaction_completed(wsi) ? -1 : 0;
	case LWS_CALLBACK_CLOSED_HTTP:
		if (s && s->kind == SESSION_HTTP)
			http_reset(s);
		return 0;
	default:
		return 0;
	}
}

static const struct lws_protocols protocols[] = {
	{.name = "weft.v1",
	 .callback = callback,
	 .per_session_data_size = sizeof(struct session),
	 .rx_buffer_size = RX_BUFFER,
	 .tx_packet_size = WRITE_CHUNK},
	{0},
};

/* ---- lifecycle ---- */

static void on_tick(lws_sorted_usec_list_t *sul)
{
	relay_tick(&srv.relay, now_us());
	lws_sul_schedule(srv.ctx, 0, sul, on_tick, TICK_US);
}

static void on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
	if (srv.ctx)
		lws_cancel_service(srv.ctx);
}

/* libwebsockets' own log lines, escaped like the gateway's (they may quote what a peer sent). */
static void lws_log_line(int level, const char *line)
{
	(void)level;
	char copy[1024], shown[4 * sizeof copy];
	size_t n = strlen(line);
	while (n > 0 && line[n - 1] == '\n')
		n--;
	snprintf(copy, sizeof copy, "%.*s", (int)n, line);
	log_escape(copy, shown, sizeof shown);
	fprintf(stderr, "%s\n", shown);
}

/* lws wants an interface name or an address; "any" addresses mean all interfaces. */
static const char *listen_iface(const char *host)
{
	if (!*host || strcmp(host, "0.0.0.0") == 0 || strcmp(host, "::") == 0 || strcmp(host, "*") == 0)
		return NULL;
	if (strcmp(host, "localhost") == 0)
		return "127.0.0.1";
	return host;
}

int server_run(const struct options *o)
{
	srv.o = o;
	lws_set_log_level(o->log_level >= LOG_DEBUG ? LLL_ERR | LLL_WARN | LLL_NOTICE : LLL_ERR, lws_log_line);
	if (o->docs_root) {
		srv.has_docs_root = realpath(o->docs_root, srv.docs_root) != NULL;
		if (!srv.has_docs_root)
			log_warn("API documentation %s not found: /docs/ answers 404", o->docs_root);
	}
	if (o->web_root) {
		srv.has_web_root = realpath(o->web_root, srv.web_root) != NULL;
		if (!srv.has_web_root)
			log_warn("web root %s not found: static files answer 404", o->web_root);
	} else {
		log_warn("no web root found: static files answer 404 (use --web-root)");
	}

	struct relay_config cfg = {
		.queue_limit = o->queue_limit,
		.max_message = o->max_message,
		.request_timeout_us = (long long)(o->request_timeout_s * 1e6),
		.grace_us = (long long)(o->grace_s * 1e6),
	};
	struct relay_hooks hooks = {.wake = hook_wake, .close = hook_close, .http_reply = hook_http_reply};
	relay_init(&srv.relay, &cfg, &hooks);
	frame_guard_init(on_refused_frame);

	struct lws_context_creation_info info;
	memset(&info, 0, sizeof info);
	info.options = LWS_SERVER_OPTION_EXPLICIT_VHOSTS | LWS_SERVER_OPTION_FAIL_UPON_UNABLE_TO_BIND;
	if (o->tls_cert)
		info.options |= LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
	info.pt_serv_buf_size = RX_BUFFER;
	/* A connection has --handshake-timeout to finish its TLS handshake and each request head
	 * (lws keeps that time-out on a connection holding header space, from its first moment and
	 * again after each request), however it drips its bytes. */
	info.timeout_secs = o->handshake_timeout_s;
	/* HTTP/1.1 only: WebSockets over HTTP/2 would carry their frames inside HTTP/2 ones, where
	 * frame_guard.c does not look. */
	info.alpn = "http/1.1";
	srv.ctx = lws_create_context(&info);
	if (!srv.ctx) {
		log_error("cannot create the libwebsockets context");
		return 1;
	}
	info.port = o->port;
	info.iface = listen_iface(o->host);
	info.protocols = protocols;
	info.vhost_name = "weft";
	info.timeout_secs_ah_idle = o->handshake_timeout_s;
	info.keepalive_timeout = (int)o->handshake_timeout_s;
	srv.idle_policy = (lws_retry_bo_t){
		.secs_since_valid_ping = (uint16_t)(o->idle_timeout_s / 2), /* --idle-timeout is at least 2 */
		.secs_since_valid_hangup = (uint16_t)o->idle_timeout_s,
	};
	info.retry_and_idle_policy = &srv.idle_policy;
	info.ssl_cert_filepath = o->tls_cert;
	info.ssl_private_key_filepath = o->tls_key;
	struct lws_vhost *vhost = lws_create_vhost(srv.ctx, &info);
	int port = vhost ? lws_get_vhost_listen_port(vhost) : -1;
	if (!vhost || port <= 0) {
		log_error("cannot listen on %s port %d", o->host, o->port);
		lws_context_destroy(srv.ctx);
		relay_free(&srv.relay);
		return 1;
	}
	srv.access = (struct access_policy){
		.token = o->token,
		.host = o->host,
		.port = port,
		.allow_hosts = o->allow_hosts,
		.n_allow_hosts = o->n_allow_hosts,
		.allow_origins = o->allow_origins,
		.n_allow_origins = o->n_allow_origins,
	};

	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);

	bool ipv6 = strchr(o->host, ':') != NULL;
	printf("weft-gateway listening on %s://%s%s%s:%d\n", o->tls_cert ? "https" : "http", ipv6 ? "[" : "", o->host,
	       ipv6 ? "]" : "", port);
	fflush(stdout);
	log_info("listening on %s:%d, web root %s%s", o->host, port, srv.has_web_root ? srv.web_root : "(none)",
		 o->token ? ", token required" : "");
	if (!o->token && !options_host_is_loopback(o->host))
		log_warn("WARNING: listening on %s WITHOUT A TOKEN (--allow-remote-without-token): anyone who can "
			 "reach port %d can register as a program or drive every program",
			 o->host, port);

	lws_sul_schedule(srv.ctx, 0, &srv.tick, on_tick, TICK_US);
	while (!interrupted) {
		if (lws_service(srv.ctx, 0) < 0)
			break;
		/* TLS head lines frame_guard held back inside OpenSSL, where poll() cannot see them */
		for (int fd; (fd = frame_guard_next_pending()) >= 0;) {
			struct lws_pollfd pfd = {.fd = fd, .events = LWS_POLLIN, .revents = LWS_POLLIN};
			lws_service_fd(srv.ctx, &pfd);
		}
	}

	log_info("shutting down");
	srv.stopping = true;
	lws_context_destroy(srv.ctx);
	srv.ctx = NULL;
	relay_free(&srv.relay);
	frame_guard_free();
	return 0;
}
