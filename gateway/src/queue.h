/* A peer's send queue, bounded in bytes. Events may be refused when the queue is over its event
 * limit (the caller then drops superseded events and tells the inspector to resync); every other
 * message (replies, requests, gateway events) may use a larger hard limit and is refused only
 * when that is exceeded, which costs the peer its connection. */
#ifndef WEFT_QUEUE_H
#define WEFT_QUEUE_H

#include <stdbool.h>
#include <stddef.h>

#include "msg.h"

enum qitem_kind {
	QI_MESSAGE, /* reply, request or gateway event: never dropped */
	QI_EVENT,   /* an event forwarded from a device: may be dropped */
	QI_RESYNC,  /* a Gateway.resyncRequired for the device in tag (at most one queued) */
};

struct qitem {
	struct qitem *next;
	struct msg *m;
	enum qitem_kind kind;
	const void *tag; /* the device an event came from */
};

struct queue {
	struct qitem *head, *tail;
	size_t bytes; /* payload bytes queued, including the unsent rest of the head */
	size_t count;
	size_t sent;        /* bytes of the head already written */
	size_t event_limit; /* events are refused beyond this many queued bytes */
	size_t hard_limit;  /* everything else is refused beyond this many */
};

enum queue_result { QUEUE_OK, QUEUE_REFUSED, QUEUE_NOMEM };

void queue_init(struct queue *q, size_t event_limit, size_t hard_limit);

/* Queues a new reference to m. */
enum queue_result queue_push(struct queue *q, struct msg *m, enum qitem_kind kind, const void *tag);

/* Removes the queued events from tag that have not started to go out; returns how many. */
size_t queue_drop_events(struct queue *q, const void *tag);

/* True when an item of this kind and tag is queued. */
bool queue_holds(const struct queue *q, enum qitem_kind kind, const void *tag);

/* Removes the head after it was written completely. */
void queue_pop(struct queue *q);

void queue_clear(struct queue *q);

#endif
