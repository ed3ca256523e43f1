#include "queue.h"

#include <stdlib.h>

void queue_init(struct queue *q, size_t event_limit, size_t hard_limit)
{
	*q = (struct queue){.event_limit = event_limit, .hard_limit = hard_limit};
}

enum queue_result queue_push(struct queue *q, struct msg *m, enum qitem_kind kind, const void *tag)
{
	size_t limit = kind == QI_EVENT ? q->event_limit : q->hard_limit;
	/* An empty queue always takes one message, so a limit below the message size never wedges. */
	if (q->count > 0 && q->bytes + m->len > limit)
		return QUEUE_REFUSED;
	struct qitem *it = malloc(sizeof *it);
	if (!it)
		return QUEUE_NOMEM;
	*it = (struct qitem){.m = msg_ref(m), .kind = kind, .tag = tag};
	if (q->tail)
		q->tail->next = it;
	else
		q->head = it;
	q->tail = it;
	q->bytes += m->len;
	q->count++;
	return QUEUE_OK;
}

static void free_item(struct queue *q, struct qitem *it)
{
	q->bytes -= it->m->len;
	q->count--;
	msg_unref(it->m);
	free(it);
}

size_t queue_drop_events(struct queue *q, const void *tag)
{
	size_t dropped = 0;
	struct qitem *prev = NULL, *it = q->head;
	while (it) {
		struct qitem *next = it->next;
		bool started = it == q->head && q->sent > 0;
		if (it->kind == QI_EVENT && it->tag == tag && !started) {
			if (prev)
				prev->next = next;
			else
				q->head = next;
			if (q->tail == it)
				q->tail = prev;
			free_item(q, it);
			dropped++;
		} else {
			prev = it;
		}
		it = next;
	}
	return dropped;
}

bool queue_holds(const struct queue *q, enum qitem_kind kind, const void *tag)
{
	for (const struct qitem *it = q->head; it; it = it->next)
		if (it->kind == kind && it->tag == tag)
			return true;
	return false;
}

void queue_pop(struct queue *q)
{
	struct qitem *it = q->head;
	if (!it)
		return;
	q->head = it->next;
	if (!q->head)
		q->tail = NULL;
	q->sent = 0;
	free_item(q, it);
}

void queue_clear(struct queue *q)
{
	while (q->head)
		queue_pop(q);
}
