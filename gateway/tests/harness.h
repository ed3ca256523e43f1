/* Starts the real weft-gateway for a test (--port 0, reading the port from its "listening" line)
 * and stops it; plus a raw HTTP client on plain sockets, for requests a library would tidy up
 * (path traversal, missing or foreign Host headers). The binary is $WEFT_GATEWAY_BIN, default
 * gateway/build/weft-gateway. */
#ifndef WEFT_HARNESS_H
#define WEFT_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct gateway {
	pid_t pid;
	int port;
	char log_path[256]; /* the gateway's stderr */
};

/* Starts the gateway with extra arguments (NULL-terminated list, may be NULL). Returns 0 when it
 * printed its listening line within 10 s. */
int gateway_start(struct gateway *g, const char *const *args);

/* SIGTERM, then waits; returns the exit status, or -1 when it took longer than timeout_ms (it
 * is then killed). *elapsed_ms (when given) receives how long it took. */
int gateway_stop(struct gateway *g, int timeout_ms, long long *elapsed_ms);

/* Peak resident memory of the gateway (VmHWM) in KiB, or -1. */
long gateway_peak_kib(const struct gateway *g);

/* A line of the gateway's /proc/PID/status in KiB ("VmRSS", "VmSize", "VmHWM"), or -1. */
long gateway_status_kib(const struct gateway *g, const char *field);

/* Raw WebSocket peers on plain sockets, for what a library would not send: frames that announce
 * more than they carry, unmasked frames, a peer that never answers pings. raw_ws_open upgrades
 * path and returns the socket (or -1); raw_ws_head writes a text frame's header declaring len
 * bytes (masked with a zero key, which leaves the payload as it is, or not masked); raw_ws_text a
 * whole text frame; raw_ws_watch reads frames for up to ms and returns the close code when the
 * gateway closed (1005 without one, 1006 for a socket closed without a frame) or 0 while open,
 * counting text frames in *texts (when given). */
int raw_ws_open(int port, const char *path);
/* raw_ws_open sending early_len bytes of frames in the same write as the upgrade request. */
int raw_ws_open_sending(int port, const char *path, const void *early, size_t early_len);
bool raw_ws_head(int fd, size_t len, bool masked, bool final);
bool raw_ws_text(int fd, const char *text, bool masked);
int raw_ws_watch(int fd, int ms, int *texts);

/* Prints the last lines of the gateway's log to stderr. */
void gateway_dump_log(const struct gateway *g);

struct http_result {
	int status;
	char head[2048];
	char *body; /* malloc'd, NUL-terminated */
	size_t body_len;
};

/* Sends raw bytes (a whole HTTP/1.1 request with "Connection: close") and reads the whole
 * answer. Returns 0 when an answer with a status line came back. */
int http_raw(int port, const char *request, size_t len, struct http_result *out);

/* The same in two steps, so a test can play the device while the gateway waits for it:
 * http_begin sends and returns the socket (or -1), http_finish reads the answer and closes it. */
int http_begin(int port, const char *request, size_t len);
int http_finish(int fd, struct http_result *out);
int http_simple_begin(int port, const char *method, const char *path, const char *headers, const char *body);

/* A request with Host: 127.0.0.1:port and the given extra header lines ("Name: value\r\n"...). */
int http_simple(int port, const char *method, const char *path, const char *headers, const char *body,
		struct http_result *out);

void http_result_free(struct http_result *r);

#endif
