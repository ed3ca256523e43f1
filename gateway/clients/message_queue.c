#include "message_queue.h"

#include <stdlib.h>
#include <string.h>

struct ws_message *ws_message_new(const char *data, size_t len, size_t headroom)
{
	struct ws_message *m = malloc(sizeof *m + headroom + len + 1);
	if (!m)
		return NULL;
	m->next = NULL;
	m->len = len;
	memcpy(m->data + headroom, data, len);
	m->data[headroom + len] = '\0';
	return m;
}

void message_queue_push(struct message_queue *q, struct ws_message *m)
{
	m->next = NULL;
	if (q->tail)
		q->tail->next = m;
	else
		q->head = m;
	q->tail = m;
	q->count++;
}

struct ws_message *message_queue_pop(struct message_queue *q)
{
	struct ws_message *m = q->head;
	if (!m)
		return NULL;
	q->head = m->next;
	if (!q->head)
		q->tail = NULL;
	q->count--;
	m->next = NULL;
	return m;
}

void message_queue_clear(struct message_queue *q)
{
	while (q->head)
		free(message_queue_pop(q));
}
