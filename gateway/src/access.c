#include "access.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* name:port equals host_header (names compare case-insensitively), compared in place so no
 * length of either is cut short. */
static bool names_with_port(const char *name, int port, const char *host_header)
{
	bool bracket = strchr(name, ':') != NULL && name[0] != '[';
	size_t n = strlen(name), i = 0;
	if (bracket && host_header[i++] != '[')
		return false;
	if (strncasecmp(host_header + i, name, n) != 0)
		return false;
	i += n;
	if (bracket && host_header[i++] != ']')
		return false;
	char suffix[16];
	snprintf(suffix, sizeof suffix, ":%d", port);
	return strcmp(host_header + i, suffix) == 0;
}

bool access_host_ok(const struct access_policy *a, const char *host_header)
{
	if (!host_header || !*host_header)
		return false;
	static const char *const loopback[] = {"127.0.0.1", "localhost", "[::1]"};
	for (size_t i = 0; i < 3; i++)
		if (names_with_port(loopback[i], a->port, host_header))
			return true;
	if (a->host && *a->host && names_with_port(a->host, a->port, host_header))
		return true;
	for (size_t i = 0; i < a->n_allow_hosts; i++)
		if (strcasecmp(a->allow_hosts[i], host_header) == 0 ||
		    names_with_port(a->allow_hosts[i], a->port, host_header))
			return true;
	return false;
}

bool access_origin_ok(const struct access_policy *a, const char *origin, const char *host_header, bool device_path)
{
	if (!origin)
		return true;
	for (size_t i = 0; i < a->n_allow_origins; i++)
		if (strcasecmp(a->allow_origins[i], origin) == 0)
			return true;
	const char *scheme_end = strstr(origin, "://");
	bool from_page = scheme_end || strncasecmp(origin, "file:", 5) == 0 || strcmp(origin, "null") == 0;
	if (device_path)
		return !from_page;
	const char *authority = scheme_end ? scheme_end + 3 : origin;
	if (scheme_end && strncasecmp(origin, "http://", 7) != 0 && strncasecmp(origin, "https://", 8) != 0)
		return false;
	/* An Origin is scheme://host[:port] and nothing more: one with a path is no browser's. */
	return host_header && strcasecmp(authority, host_header) == 0;
}

/* Compares in time independent of where the strings differ. */
static bool same_secret(const char *given, const char *secret)
{
	size_t n = strlen(secret), m = strlen(given);
	unsigned char diff = (unsigned char)(n != m);
	for (size_t i = 0; i < n; i++)
		diff |= (unsigned char)(secret[i] ^ (i < m ? given[i] : 0));
	return diff == 0;
}

bool access_token_ok(const struct access_policy *a, const char *query_token, const char *authorization)
{
	if (!a->token)
		return true;
	if (query_token && same_secret(query_token, a->token))
		return true;
	if (authorization && strncasecmp(authorization, "Bearer ", 7) == 0) {
		const char *t = authorization + 7;
		while (*t == ' ')
			t++;
		return same_secret(t, a->token);
	}
	return false;
}

bool access_devtools_origin_ok(const struct access_policy *a, const char *origin, const char *host_header)
{
	return !origin || strcmp(origin, "devtools://devtools") == 0 || access_origin_ok(a, origin, host_header, false);
}

int access_check(const struct access_policy *a, const struct access_request *r, const char **why)
{
	const struct {
		const struct access_value *v;
		const char *why;
	} values[] = {
		{&r->host, "Host header too long or unreadable"},
		{&r->origin, "Origin header too long or unreadable"},
		{&r->authorization, "Authorization header too long or unreadable"},
		{&r->query_token, "token parameter too long or unreadable"},
	};
	for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
		if (values[i].v->unreadable || (values[i].v->text && strlen(values[i].v->text) > ACCESS_HEADER_MAX)) {
			*why = values[i].why;
			return 431;
		}
	if (!access_host_ok(a, r->host.text)) {
		*why = "Host header does not name the gateway";
		return 421;
	}
	if (r->devtools_socket ? !access_devtools_origin_ok(a, r->origin.text, r->host.text)
			       : !access_origin_ok(a, r->origin.text, r->host.text, r->device_path)) {
		*why = "Origin not allowed";
		return 403;
	}
	if (r->needs_token && !access_token_ok(a, r->query_token.text, r->authorization.text)) {
		*why = "missing or wrong token";
		return 401;
	}
	return 0;
}
