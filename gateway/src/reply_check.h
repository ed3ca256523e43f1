/* The HTTP API's JSON check of a device's reply (http_api.c answers a body as a success only
 * when it is JSON), fed while the reply arrives: a body at the 64 MiB message limit then costs the
 * one service thread a little per receive call instead of one stall of a hundred milliseconds
 * at its end, during which nothing else is relayed.
 *
 * What is checked depends on the answer. For a snapshot it is the result's bytes, from the
 * result's first byte to before the reply's last '}' (the Snapshot the API sends back); for
 * anything else the whole reply. Where a Snapshot ends is known only at the reply's end, so a
 * '}' at the end of what has arrived, and the whitespace around it, is held back until more
 * arrives. Offsets are counted in the reply. Nothing is copied or allocated. */
#ifndef WEFT_REPLY_CHECK_H
#define WEFT_REPLY_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "envelope.h"
#include "json_check.h"

enum reply_check_scope {
	CHECK_UNDECIDED,   /* not started: the server has not yet seen the head */
	CHECK_NONE,        /* the message is no reply the HTTP API answers with */
	CHECK_WHOLE_REPLY, /* a call's reply, or a snapshot request's error */
	CHECK_RESULT,      /* a snapshot: the result up to the reply's last '}' */
};

struct reply_check {
	enum reply_check_scope scope;
	size_t from;       /* the first byte checked: 0, or the result's */
	size_t seen;       /* the reply's bytes looked at so far */
	size_t fed;        /* [from, fed) went to the checker */
	size_t held_brace; /* CHECK_RESULT: where a '}' held back at the end is, or 0 (none) */
	struct json_checker checker;
};

/* Starts checking a reply with envelope e (ENVELOPE_REPLY) for an HTTP exchange in http_mode
 * (enum http_mode). */
void reply_check_start(struct reply_check *c, int http_mode, const struct envelope *e);

/* data[0, len) is the reply so far (it may have moved since the last call): checks what is new. */
void reply_check_feed(struct reply_check *c, const char *data, size_t len);

/* The whole reply is data[0, len): true when what is checked is one JSON document, else false
 * with *err (its offset counted in the reply). */
bool reply_check_finish(struct reply_check *c, const char *data, size_t len, struct json_check_error *err);

#endif
