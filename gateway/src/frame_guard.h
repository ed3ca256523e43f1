/* Every byte a client sends, screened before libwebsockets reads it: a WebSocket connection's
 * frames go through ws_frame_scan, and a frame a server must refuse (RFC 6455, 5.1: one that is
 * not masked) is never handed on. How and why: frame_guard.c. server.c tells it what each
 * connection is as libwebsockets decides. */
#ifndef WEFT_FRAME_GUARD_H
#define WEFT_FRAME_GUARD_H

#include <stdbool.h>

/* Called while a read is under way, once per connection: the bytes before the refused frame are
 * handed on, nothing after it; the callee closes the connection (1002). */
typedef void (*frame_guard_refused_fn)(void *owner, const char *why);

void frame_guard_init(frame_guard_refused_fn refused);
void frame_guard_free(void);

/* A connection was accepted on fd (TLS or not): its request heads are handed on one line at a
 * time. False when there is no memory to follow it (refuse the connection). */
bool frame_guard_accept(int fd, bool tls);
/* fd carries a plain HTTP request: from here its bytes go through as they come. */
void frame_guard_http(int fd);
/* Whether fd may switch to WebSocket: no request of it was served before (past one, where the
 * frames would start is no longer known). */
bool frame_guard_may_upgrade(int fd);
/* fd switched to WebSocket: its frames are screened from the next byte; owner is passed to the
 * refused callback. False when fd is not at a request's end (refuse the connection). */
bool frame_guard_watch(int fd, void *owner);
void frame_guard_forget(int fd);

/* A TLS connection whose head line was handed on while more of it waits inside OpenSSL, where no
 * poll sees it: the caller services fd for reading (lws_service_fd). -1 when there is none. */
int frame_guard_next_pending(void);

#endif
