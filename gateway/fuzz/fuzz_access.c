/* libFuzzer target for the access checks with headers of any length: the input is cut at 0xff
 * bytes into Host, Origin, Authorization and the ?token= value (a missing field is an absent
 * header); a value longer than ACCESS_HEADER_MAX is handed over unreadable, as the server's
 * buffers would (or, by the first byte's choice, as text, which the check must refuse itself).
 * Whatever the values, a request passes only when every rule holds: an unreadable value is never
 * taken for an absent one. Any pass that breaks a rule, or any sanitizer report, is a finding. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "access.h"

static void finding(const char *what)
{
	fprintf(stderr, "access check passed a request it must refuse: %s\n", what);
	abort();
}

/* An Origin that names the gateway: scheme://Host exactly, or a bare Host. */
static bool origin_names(const char *origin, const char *host)
{
	if (strncasecmp(origin, "http://", 7) == 0)
		return strcasecmp(origin + 7, host) == 0;
	if (strncasecmp(origin, "https://", 8) == 0)
		return strcasecmp(origin + 8, host) == 0;
	return !strstr(origin, "://") && strcasecmp(origin, host) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	uint8_t choice = data[0];
	char *text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	for (size_t i = 0; i + 1 < size; i++)
		if (text[i] == '\0')
			text[i] = 'x';
	struct access_value v[4] = {{0}};
	char *field = text;
	for (int f = 0; f < 4 && field; f++) {
		char *end = strchr(field, '\xff');
		if (end)
			*end = '\0';
		bool long_value = strlen(field) > ACCESS_HEADER_MAX;
		v[f] = long_value && !(choice & (1 << f)) ? (struct access_value){.unreadable = true}
							  : (struct access_value){.text = field};
		field = end ? end + 1 : NULL;
	}
	static const char *const allowed_origins[] = {"http://dev.example:3000"};
	struct access_policy policy = {.token = choice & 0x10 ? "s3cret" : NULL,
				       .host = "127.0.0.1",
				       .port = 9223,
				       .allow_origins = allowed_origins,
				       .n_allow_origins = 1};
	struct access_request r = {.host = v[0],
				   .origin = v[1],
				   .authorization = v[2],
				   .query_token = v[3],
				   .needs_token = choice & 0x20,
				   .device_path = choice & 0x40};
	const char *why = NULL;
	int status = access_check(&policy, &r, &why);
	if (status != 0 && !why)
		finding("a refusal without a reason");
	if (status == 0) {
		for (int f = 0; f < 4; f++)
			if (v[f].unreadable || (v[f].text && strlen(v[f].text) > ACCESS_HEADER_MAX))
				finding("an unreadable or over-long value");
		const char *host = r.host.text;
		if (!host || (strcasecmp(host, "127.0.0.1:9223") != 0 && strcasecmp(host, "localhost:9223") != 0 &&
			      strcasecmp(host, "[::1]:9223") != 0))
			finding("a Host that does not name the gateway");
		const char *origin = r.origin.text;
		bool listed = origin && strcasecmp(origin, allowed_origins[0]) == 0;
		if (origin && !listed &&
		    (r.device_path ? strstr(origin, "://") || strcmp(origin, "null") == 0
				   : !origin_names(origin, host)))
			finding("an Origin that is not allowed");
		if (policy.token && r.needs_token) {
			const char *auth = r.authorization.text;
			bool bearer = auth && strncasecmp(auth, "Bearer ", 7) == 0 &&
				      strcmp(auth + 7 + strspn(auth + 7, " "), "s3cret") == 0;
			bool query = r.query_token.text && strcmp(r.query_token.text, "s3cret") == 0;
			if (!bearer && !query)
				finding("a wrong or missing token");
		}
	}
	free(text);
	return 0;
}
