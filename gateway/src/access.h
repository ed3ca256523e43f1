/* Who may talk to the gateway (docs/protocol.md, Transport): the Host rule that stops DNS-rebinding
 * pages (421), the Origin rule that stops foreign pages (403), and the shared token (401).
 * Pure functions of the request's headers, so they are tested without sockets. */
#ifndef WEFT_ACCESS_H
#define WEFT_ACCESS_H

#include <stdbool.h>
#include <stddef.h>

struct access_policy {
	const char *token; /* NULL: no token needed */
	const char *host;  /* the --host address */
	int port;          /* the port actually listened on */
	const char *const *allow_hosts;
	size_t n_allow_hosts;
	const char *const *allow_origins;
	size_t n_allow_origins;
};

/* The Host header names the gateway: 127.0.0.1, localhost, [::1], the --host address or an
 * --allow-host entry, with the gateway's port (an --allow-host entry may also carry its own). */
bool access_host_ok(const struct access_policy *a, const char *host_header);

/* No Origin, or one listed by --allow-origin, passes. On /device an Origin with a scheme (a web
 * page: http:, https:, file:, or "null") is refused and a bare host passes; elsewhere the
 * Origin must be http(s):// followed by exactly the Host header (nothing after it). */
bool access_origin_ok(const struct access_policy *a, const char *origin, const char *host_header, bool device_path);

/* With a token configured, `?token=T` or `Authorization: Bearer T` must carry it. */
bool access_token_ok(const struct access_policy *a, const char *query_token, const char *authorization);

/* The longest header value (and ?token= value) the checks read; a longer one is unreadable. A
 * legal host name (253 bytes) with a scheme and a port fits. */
#define ACCESS_HEADER_MAX 512

/* A value as the transport read it: absent (NULL, not unreadable), read, or unreadable (too long
 * or not copyable). An unreadable value is refused, never taken for an absent one. */
struct access_value {
	const char *text;
	bool unreadable;
};

struct access_request {
	struct access_value host, origin, authorization, query_token;
	bool needs_token;     /* the endpoint needs the token (every one but /healthz and static files) */
	bool device_path;     /* /device: the Origin rule for native clients */
	bool devtools_socket; /* /devtools/page/...: Chrome's own frontend may open it too */
};

/* A DevTools socket's Origin rule: none (scripts), Chrome's own frontend (devtools://devtools), or
 * what /inspector admits; any other web page is refused. */
bool access_devtools_origin_ok(const struct access_policy *a, const char *origin, const char *host_header);

/* All three rules in order, failing closed. Returns 0 when the request may proceed, else the
 * status to refuse it with (431 for an unreadable value, 421, 403, 401) and *why. */
int access_check(const struct access_policy *a, const struct access_request *r, const char **why);

#endif
