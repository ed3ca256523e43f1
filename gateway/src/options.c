#include "options.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "log.h"
#include "protocol.h"

#ifndef WEFT_WEB_ROOT_SOURCE
#define WEFT_WEB_ROOT_SOURCE "" /* the repository's web-inspector/, set by gateway/Makefile */
#endif
#ifndef WEFT_DOCS_ROOT_SOURCE
#define WEFT_DOCS_ROOT_SOURCE "" /* the repository's .build/docs-site (make docs), set by gateway/Makefile */
#endif
#ifndef WEFT_WEB_ROOT_INSTALLED
#define WEFT_WEB_ROOT_INSTALLED "/usr/local/share/weft/web-inspector"
#endif

static const char usage[] = "usage: weft-gateway [options]\n"
			    "\n"
			    "Relays between programs inspected with Weft (/device), web inspectors and scripts\n"
			    "(/inspector), serves the web inspector and a JSON HTTP API.\n"
			    "\n"
			    "  --host ADDR           address to listen on (default 127.0.0.1); an address other\n"
			    "                        than loopback needs --token (or WEFT_TOKEN)\n"
			    "  --allow-remote-without-token\n"
			    "                        listen beyond loopback without a token anyway: anyone who\n"
			    "                        can reach the port can drive every program (not advised)\n"
			    "  --port N              port (default 9223; 0 picks a free one)\n"
			    "  --web-root DIR        the web inspector's files (default: the source tree's\n"
			    "                        web-inspector/, else " WEFT_WEB_ROOT_INSTALLED "); only\n"
			    "                        index.html, css/, js/, assets/, fonts/ and img/ are served\n"
			    "  --docs DIR            the API documentation served under /docs/ (default: the\n"
			    "                        source tree's .build/docs-site, which `make docs` builds)\n"
			    "  --serve-test-files    also serve the web root's test/ and bench/ (the page's own\n"
			    "                        tests and benchmark)\n"
			    "  --token T             require T from every device, inspector and API call\n"
			    "                        (default: $WEFT_TOKEN; none when unset; never empty)\n"
			    "  --max-message SIZE    largest message, e.g. 64M (default 64M); larger ones close 1009\n"
			    "  --queue-limit SIZE    bytes of events queued per peer before dropping (default 16M)\n"
			    "  --memory-budget SIZE  bytes of messages held at once over all connections\n"
			    "                        (default 256M); a message that would exceed it closes 1013\n"
			    "  --max-connections N   TCP connections at once, whatever they carry (default 256);\n"
			    "                        one more is answered 503 and closed\n"
			    "  --handshake-timeout S a connection that has not sent a whole request head\n"
			    "                        (or upgrade) S seconds after connecting, or after its\n"
			    "                        last request, is closed (default 5, 1..60)\n"
			    "  --allow-origin ORIGIN accept this Origin too (repeatable)\n"
			    "  --allow-host HOST     accept this Host header too, e.g. myhost:9223 (repeatable)\n"
			    "  --idle-timeout S      a peer that sends nothing (no message, no pong) for S\n"
			    "                        seconds is dropped; pinged after S/2 (default 60, 2..3600)\n"
			    "  --grace SECONDS       how long a disconnected device stays listed (default 60)\n"
			    "  --request-timeout S   time-out of a forwarded request (default 30)\n"
			    "  --tls-cert FILE       serve https/wss with this certificate (PEM)\n"
			    "  --tls-key FILE        ... and this key (PEM)\n"
			    "  --log-level LEVEL     error, warn, info (default) or debug\n"
			    "  --help, --version\n"
			    "\n"
			    "Once listening it prints one line to stdout: weft-gateway listening on http://HOST:PORT\n";

int parse_size(const char *text, size_t *out)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(text, &end, 10);
	if (errno || end == text || text[0] == '-')
		return -1;
	unsigned long long scale = 1;
	switch (*end) {
	case 'k':
	case 'K':
		scale = 1ull << 10;
		end++;
		break;
	case 'm':
	case 'M':
		scale = 1ull << 20;
		end++;
		break;
	case 'g':
	case 'G':
		scale = 1ull << 30;
		end++;
		break;
	default:
		break;
	}
	if (*end == 'i' || *end == 'B')
		end += *end == 'i' ? (end[1] == 'B' ? 2 : 1) : 1;
	if (*end || v == 0 || v > (1ull << 40) / scale)
		return -1;
	*out = (size_t)(v * scale);
	return 0;
}

static int parse_seconds(const char *text, double *out)
{
	char *end;
	double v = strtod(text, &end);
	if (end == text || *end || !(v >= 0) || v > 1e7)
		return -1;
	*out = v;
	return 0;
}

static int parse_port(const char *text, int *out)
{
	char *end;
	long v = strtol(text, &end, 10);
	if (end == text || *end || v < 0 || v > 65535)
		return -1;
	*out = (int)v;
	return 0;
}

bool options_host_is_loopback(const char *host)
{
	struct in_addr v4;
	struct in6_addr v6;
	if (inet_pton(AF_INET, host, &v4) == 1)
		return (ntohl(v4.s_addr) >> 24) == 127;
	if (inet_pton(AF_INET6, host, &v6) == 1)
		return IN6_IS_ADDR_LOOPBACK(&v6);
	return strcasecmp(host, "localhost") == 0;
}

/* A token is sent in a header or a query: empty (which would turn authentication off) or holding
 * control characters, it cannot be. */
static bool token_usable(const char *token, const char *where)
{
	if (!*token) {
		fprintf(stderr, "weft-gateway: %s is empty: give a token, or leave it unset for none\n", where);
		return false;
	}
	for (const unsigned char *c = (const unsigned char *)token; *c; c++)
		if (*c < 0x20 || *c == 0x7f) {
			fprintf(stderr, "weft-gateway: %s must not contain control characters\n", where);
			return false;
		}
	return true;
}

static int parse_count(const char *text, size_t *out)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(text, &end, 10);
	if (errno || end == text || *end || text[0] == '-' || v == 0 || v > 1000000)
		return -1;
	*out = (size_t)v;
	return 0;
}

static const char *default_web_root(void)
{
	struct stat st;
	if (*WEFT_WEB_ROOT_SOURCE && stat(WEFT_WEB_ROOT_SOURCE, &st) == 0 && S_ISDIR(st.st_mode))
		return WEFT_WEB_ROOT_SOURCE;
	if (stat(WEFT_WEB_ROOT_INSTALLED, &st) == 0 && S_ISDIR(st.st_mode))
		return WEFT_WEB_ROOT_INSTALLED;
	return NULL;
}

static const char *default_docs_root(void)
{
	struct stat st;
	return *WEFT_DOCS_ROOT_SOURCE && stat(WEFT_DOCS_ROOT_SOURCE, &st) == 0 && S_ISDIR(st.st_mode)
		       ? WEFT_DOCS_ROOT_SOURCE
		       : NULL;
}

static int add_to_list(const char **list, size_t *n, const char *value, const char *flag)
{
	if (*n >= OPTIONS_MAX_LIST) {
		fprintf(stderr, "weft-gateway: at most %d %s entries\n", OPTIONS_MAX_LIST, flag);
		return -1;
	}
	list[(*n)++] = value;
	return 0;
}

enum options_result options_parse(struct options *o, int argc, char **argv)
{
	const char *env_token = getenv("WEFT_TOKEN");
	*o = (struct options){
		.host = "127.0.0.1",
		.port = 9223,
		.web_root = default_web_root(),
		.docs_root = default_docs_root(),
		.token = env_token,
		.max_message = 64u << 20,
		.queue_limit = 16u << 20,
		.grace_s = 60,
		.request_timeout_s = 30,
		.log_level = LOG_INFO,
		.max_connections = 256,
		.memory_budget = 256u << 20,
		.idle_timeout_s = 60,
		.handshake_timeout_s = 5,
	};
	if (env_token && !token_usable(env_token, "WEFT_TOKEN"))
		return OPTIONS_EXIT_USAGE;
	for (int i = 1; i < argc; i++) {
		const char *flag = argv[i];
		if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0) {
			fputs(usage, stdout);
			return OPTIONS_EXIT_OK;
		}
		if (strcmp(flag, "--allow-remote-without-token") == 0) {
			o->allow_remote_without_token = true;
			continue;
		}
		if (strcmp(flag, "--serve-test-files") == 0) {
			o->serve_test_files = true;
			continue;
		}
		if (strcmp(flag, "--version") == 0) {
			printf("weft-gateway %s (protocol %d)\n", WEFT_GATEWAY_VERSION, WEFT_PROTOCOL_VERSION);
			return OPTIONS_EXIT_OK;
		}
		if (i + 1 >= argc) {
			fprintf(stderr, "weft-gateway: unknown option or missing value: %s\n%s", flag, usage);
			return OPTIONS_EXIT_USAGE;
		}
		const char *value = argv[++i];
		int bad = 0;
		if (strcmp(flag, "--host") == 0)
			o->host = value;
		else if (strcmp(flag, "--port") == 0)
			bad = parse_port(value, &o->port);
		else if (strcmp(flag, "--web-root") == 0)
			o->web_root = value;
		else if (strcmp(flag, "--docs") == 0)
			o->docs_root = value;
		else if (strcmp(flag, "--token") == 0) {
			if (!token_usable(value, "--token"))
				return OPTIONS_EXIT_USAGE;
			o->token = value;
		} else if (strcmp(flag, "--max-message") == 0)
			bad = parse_size(value, &o->max_message);
		else if (strcmp(flag, "--queue-limit") == 0)
			bad = parse_size(value, &o->queue_limit);
		else if (strcmp(flag, "--memory-budget") == 0)
			bad = parse_size(value, &o->memory_budget);
		else if (strcmp(flag, "--idle-timeout") == 0) {
			size_t seconds = 0;
			bad = parse_count(value, &seconds) || seconds < 2 || seconds > 3600;
			o->idle_timeout_s = (unsigned)seconds;
		} else if (strcmp(flag, "--handshake-timeout") == 0) {
			size_t seconds = 0;
			bad = parse_count(value, &seconds) || seconds < 1 || seconds > 60;
			o->handshake_timeout_s = (unsigned)seconds;
		} else if (strcmp(flag, "--max-connections") == 0)
			bad = parse_count(value, &o->max_connections);
		else if (strcmp(flag, "--allow-origin") == 0)
			bad = add_to_list(o->allow_origins, &o->n_allow_origins, value, flag);
		else if (strcmp(flag, "--allow-host") == 0)
			bad = add_to_list(o->allow_hosts, &o->n_allow_hosts, value, flag);
		else if (strcmp(flag, "--grace") == 0)
			bad = parse_seconds(value, &o->grace_s);
		else if (strcmp(flag, "--request-timeout") == 0)
			bad = parse_seconds(value, &o->request_timeout_s);
		else if (strcmp(flag, "--tls-cert") == 0)
			o->tls_cert = value;
		else if (strcmp(flag, "--tls-key") == 0)
			o->tls_key = value;
		else if (strcmp(flag, "--log-level") == 0)
			bad = (o->log_level = log_level_parse(value)) < 0;
		else {
			fprintf(stderr, "weft-gateway: unknown option: %s\n%s", flag, usage);
			return OPTIONS_EXIT_USAGE;
		}
		if (bad) {
			fprintf(stderr, "weft-gateway: bad value for %s: %s\n", flag, value);
			return OPTIONS_EXIT_USAGE;
		}
	}
	if (!o->tls_cert != !o->tls_key) {
		fprintf(stderr, "weft-gateway: --tls-cert and --tls-key go together\n");
		return OPTIONS_EXIT_USAGE;
	}
	if (!o->token && !options_host_is_loopback(o->host) && !o->allow_remote_without_token) {
		fprintf(stderr,
			"weft-gateway: --host %s listens beyond loopback: give a token (--token or WEFT_TOKEN), or\n"
			"  --allow-remote-without-token to let anyone who can reach the port drive every program\n",
			o->host);
		return OPTIONS_EXIT_USAGE;
	}
	return OPTIONS_RUN;
}
