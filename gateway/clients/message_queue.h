/* The messages a WebSocket client has received (or, in clients/wsclient.c, still has to send):
 * a FIFO of heap copies, each one allocation the caller may free() once popped. */
#ifndef WEFT_MESSAGE_QUEUE_H
#define WEFT_MESSAGE_QUEUE_H

#include <stddef.h>

struct ws_message {
	struct ws_message *next;
	size_t len;
	char data[]; /* headroom bytes (0 for received messages), then len bytes, then a NUL */
};

struct message_queue {
	struct ws_message *head, *tail;
	size_t count;
};

/* A copy of len bytes at data + headroom (lws wants LWS_PRE bytes in front of what it sends),
 * NUL-terminated; NULL when out of memory. */
struct ws_message *ws_message_new(const char *data, size_t len, size_t headroom);

void message_queue_push(struct message_queue *q, struct ws_message *m);

/* The oldest message, now the caller's to free(); NULL when the queue is empty. */
struct ws_message *message_queue_pop(struct message_queue *q);

/* Frees every message left. */
void message_queue_clear(struct message_queue *q);

#endif
