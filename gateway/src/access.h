/* Who may talk to the gateway (docs/protocol.md, Transport): the Host rule that stops DNS-rebinding
 * pages (421), the Origin rule that stops foreign pages (403), and the shared token (401).
 * Pure functions of the request's headers, so they are tested without sockets. */
#ifndef WEFT_ACCESS_H
#define WEFT_ACCESS_H

#include <stdbool.h>
#include <stddef.h>

struct access_policy {
	const char *token;           /* NULL: no token needed */
	const char *host;            /* the --host address */
	int port;                    /* the port actually listened on */
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
 * Origin's authority must equal the Host header. */
bool access_origin_ok(const struct access_policy *a, const char *origin, const char *host_header, bool device_path);

/* With a token configured, `?token=T` or `Authorization: Bearer T` must carry it. */
bool access_token_ok(const struct access_policy *a, const char *query_token, const char *authorization);

#endif
