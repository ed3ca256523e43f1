/* The command line of weft-gateway (docs/gateway.md lists every flag). */
#ifndef WEFT_OPTIONS_H
#define WEFT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#define OPTIONS_MAX_LIST 32

struct options {
	const char *host;
	int port;
	const char *web_root;  /* NULL: none found */
	const char *docs_root; /* the API documentation's site (make docs); NULL: none found */
	const char *token;     /* NULL: no token */
	size_t max_message;
	size_t queue_limit;
	double grace_s;
	double request_timeout_s;
	const char *allow_origins[OPTIONS_MAX_LIST];
	size_t n_allow_origins;
	const char *allow_hosts[OPTIONS_MAX_LIST];
	size_t n_allow_hosts;
	const char *tls_cert, *tls_key;
	int log_level;
	bool allow_remote_without_token; /* a non-loopback --host without a token, on purpose */
	size_t max_connections;          /* TCP connections at once, whatever they carry */
	size_t memory_budget;            /* bytes of messages held at once, all connections together */
	bool serve_test_files;           /* also the web root's test/ and bench/ (the page's own) */
	unsigned idle_timeout_s;         /* a peer showing no sign of life this long is dropped */
	unsigned handshake_timeout_s;    /* time to send a whole request head (or TLS handshake) */
};

enum options_result { OPTIONS_RUN, OPTIONS_EXIT_OK, OPTIONS_EXIT_USAGE };

/* Fills o from argv and the environment (WEFT_TOKEN); prints help, version or the error. */
enum options_result options_parse(struct options *o, int argc, char **argv);

/* True when host is a loopback address or name (127.0.0.0/8, ::1, localhost). */
bool options_host_is_loopback(const char *host);

/* Parses "64M", "512K", "1G" or plain bytes; returns 0 on success. */
int parse_size(const char *text, size_t *out);

#endif
