/* The libwebsockets side: one context, one vhost, one protocol that serves HTTP (static files
 * and the API) and the two WebSocket paths, and the service loop. All lws calls happen on the
 * service thread; signals only set a flag and wake it. */
#ifndef WEFT_SERVER_H
#define WEFT_SERVER_H

#include "options.h"

/* Runs until SIGINT or SIGTERM; returns the process exit status. */
int server_run(const struct options *o);

#endif
