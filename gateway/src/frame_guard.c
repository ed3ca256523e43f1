/* Why this file defines recv() and SSL_read(): RFC 6455 (5.1) says a server must close a
 * connection on which a client sends a frame that is not masked. libwebsockets 4.1 (Debian's)
 * reads the mask bit but never checks it on the server side, and tells its user nothing about a
 * frame's header, so the gateway reads the bytes as libwebsockets does: the dynamic linker binds
 * libwebsockets' calls of recv() (plain sockets) and SSL_read() (TLS) to these definitions, which
 * the executable puts ahead of libc's and libssl's, and which call the real ones. Nothing else in
 * the gateway calls them, and a socket frame_guard_accept did not register goes straight through.
 *
 * Where a connection's frames start: libwebsockets' parser ends a request head only on a '\n'
 * (an empty line, or a bare '\n' from a "broken peer"), whatever came before it, and goes on with
 * what it was given after it, so a head is handed on one line at a time (peeking first, then
 * reading up to and including the next '\n'). When libwebsockets upgrades, it has then been
 * given nothing beyond the head, and the frame scan starts at the next byte. That holds up to the
 * first request the gateway serves (after it come bodies and pipelined requests), so an upgrade
 * must come before any (browsers and WebSocket libraries open a connection for it).
 *
 * A refused frame: the bytes before the one that shows the fault are handed on (at most the first
 * bytes of the frame's header, never its payload), nothing after, reads stop there, and the
 * refused callback closes the connection. Over TLS, what waits inside OpenSSL after a head line
 * was handed on (the rest of the head, or a body or frames sent with it) raises no POLLIN
 * (libwebsockets looks for more only after a read that filled its buffer), so the connection is
 * listed for frame_guard_next_pending. */
#include "frame_guard.h"

#include <dlfcn.h>
#include <errno.h>
#include <openssl/ssl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "ws_frame_scan.h"

enum guard_mode {
	GUARD_NONE,    /* not a connection the gateway accepted */
	GUARD_HEAD,    /* before its first request is served: heads go on line by line */
	GUARD_HTTP,    /* plain HTTP: everything goes through */
	GUARD_FRAMES,  /* WebSocket: frames are screened */
	GUARD_REFUSED, /* a frame was refused: nothing more is read */
};

struct guard_entry {
	enum guard_mode mode;
	bool tls;         /* read through SSL_read; recv() then carries its ciphertext */
	bool tls_pending; /* listed for frame_guard_next_pending */
	void *owner;
	struct ws_frame_scan scan;
};

static struct {
	struct guard_entry *entries; /* indexed by file descriptor */
	size_t cap;
	size_t n_pending;
	frame_guard_refused_fn refused;
	int (*real_ssl_read)(SSL *, void *, int);
} guard;

void frame_guard_init(frame_guard_refused_fn refused) { guard.refused = refused; }

void frame_guard_free(void)
{
	free(guard.entries);
	guard.entries = NULL;
	guard.cap = guard.n_pending = 0;
}

static struct guard_entry *entry(int fd)
{
	if (fd < 0 || (size_t)fd >= guard.cap || guard.entries[fd].mode == GUARD_NONE)
		return NULL;
	return &guard.entries[fd];
}

static void set_pending(struct guard_entry *e, bool pending)
{
	if (e->tls_pending != pending)
		guard.n_pending = pending ? guard.n_pending + 1 : guard.n_pending - 1;
	e->tls_pending = pending;
}

bool frame_guard_accept(int fd, bool tls)
{
	if (fd < 0)
		return false;
	if ((size_t)fd >= guard.cap) {
		size_t cap = guard.cap ? guard.cap : 64;
		while (cap <= (size_t)fd)
			cap *= 2;
		struct guard_entry *grown = realloc(guard.entries, cap * sizeof *grown);
		if (!grown)
			return false;
		memset(grown + guard.cap, 0, (cap - guard.cap) * sizeof *grown);
		guard.entries = grown;
		guard.cap = cap;
	}
	frame_guard_forget(fd); /* a descriptor number is reused */
	guard.entries[fd] = (struct guard_entry){.mode = GUARD_HEAD, .tls = tls};
	return true;
}

/* (A TLS connection stays listed as pending: a body or frames may wait inside OpenSSL after the
 * head.) */
void frame_guard_http(int fd)
{
	struct guard_entry *e = entry(fd);
	if (e && e->mode == GUARD_HEAD)
		e->mode = GUARD_HTTP;
}

bool frame_guard_may_upgrade(int fd)
{
	struct guard_entry *e = entry(fd);
	return e && e->mode == GUARD_HEAD;
}

bool frame_guard_watch(int fd, void *owner)
{
	struct guard_entry *e = entry(fd);
	if (!e || e->mode != GUARD_HEAD)
		return false;
	*e = (struct guard_entry){.mode = GUARD_FRAMES, .tls = e->tls, .tls_pending = e->tls_pending, .owner = owner};
	return true;
}

void frame_guard_forget(int fd)
{
	struct guard_entry *e = entry(fd);
	if (e) {
		set_pending(e, false);
		*e = (struct guard_entry){0};
	}
}

int frame_guard_next_pending(void)
{
	for (size_t fd = 0; guard.n_pending && fd < guard.cap; fd++)
		if (guard.entries[fd].tls_pending) {
			set_pending(&guard.entries[fd], false);
			return (int)fd;
		}
	return -1;
}

/* How much of a head's bytes to hand on: up to and including the first '\n'. */
static size_t head_line(const void *buf, size_t n)
{
	const char *nl = memchr(buf, '\n', n);
	return nl ? (size_t)(nl - (const char *)buf) + 1 : n;
}

/* n bytes just read on a WebSocket connection: how many may be handed on (0: none). */
static size_t screen(struct guard_entry *e, const void *buf, size_t n)
{
	size_t ok = ws_frame_scan_feed(&e->scan, buf, n);
	if (ok < n) {
		e->mode = GUARD_REFUSED;
		if (guard.refused)
			guard.refused(e->owner, ws_frame_fault_text(e->scan.fault));
	}
	return ok;
}

ssize_t recv(int fd, void *buf, size_t len, int flags)
{
	struct guard_entry *e = entry(fd);
	if (!e || e->tls || flags != 0 || e->mode == GUARD_HTTP)
		return recvfrom(fd, buf, len, flags, NULL, NULL);
	if (e->mode == GUARD_REFUSED) {
		errno = EAGAIN;
		return -1;
	}
	if (e->mode == GUARD_HEAD) {
		ssize_t n = recvfrom(fd, buf, len, MSG_PEEK, NULL, NULL);
		return n <= 0 ? n : recvfrom(fd, buf, head_line(buf, (size_t)n), 0, NULL, NULL);
	}
	ssize_t n = recvfrom(fd, buf, len, 0, NULL, NULL);
	if (n <= 0)
		return n;
	size_t ok = screen(e, buf, (size_t)n);
	if (ok == 0) {
		errno = EAGAIN; /* the fault shows at this read's first byte: the connection is being closed */
		return -1;
	}
	return (ssize_t)ok;
}

int SSL_read(SSL *ssl, void *buf, int num)
{
	if (!guard.real_ssl_read) {
		guard.real_ssl_read = (int (*)(SSL *, void *, int))dlsym(RTLD_NEXT, "SSL_read");
		if (!guard.real_ssl_read)
			return -1;
	}
	struct guard_entry *e = entry(SSL_get_fd(ssl));
	if (!e || !e->tls || num <= 0 || e->mode == GUARD_HTTP)
		return guard.real_ssl_read(ssl, buf, num);
	if (e->mode == GUARD_REFUSED)
		return -1;
	if (e->mode == GUARD_HEAD) {
		int n = SSL_peek(ssl, buf, num);
		if (n <= 0)
			return n;
		n = guard.real_ssl_read(ssl, buf, (int)head_line(buf, (size_t)n));
		set_pending(e, n > 0 && SSL_has_pending(ssl));
		return n;
	}
	int n = guard.real_ssl_read(ssl, buf, num);
	if (n <= 0)
		return n;
	size_t ok = screen(e, buf, (size_t)n);
	return ok ? (int)ok : -1; /* the fault shows at the first byte: libwebsockets closes at the error */
}
