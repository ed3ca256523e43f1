#include "pending.h"

#include <stdlib.h>

void pending_init(struct pending_table *t) { *t = (struct pending_table){.next_gid = 1}; }

void pending_free(struct pending_table *t)
{
	while (t->first)
		pending_remove(t, t->first);
	free(t->buckets);
	t->buckets = NULL;
	t->n_buckets = 0;
}

static size_t bucket_of(const struct pending_table *t, long long gid) { return (size_t)gid & (t->n_buckets - 1); }

/* Doubles the bucket array (power of two) when the table gets crowded. */
static int grow(struct pending_table *t)
{
	size_t n = t->n_buckets ? t->n_buckets * 2 : 64;
	struct pending **buckets = calloc(n, sizeof *buckets);
	if (!buckets)
		return -1;
	struct pending_table resized = *t;
	resized.buckets = buckets;
	resized.n_buckets = n;
	for (struct pending *p = t->first; p; p = p->next) {
		size_t b = bucket_of(&resized, p->gid);
		p->hash_next = buckets[b];
		buckets[b] = p;
	}
	free(t->buckets);
	t->buckets = buckets;
	t->n_buckets = n;
	return 0;
}

struct pending *pending_add(struct pending_table *t, struct peer *requester, long long origin_id, struct device *device,
			    long long deadline)
{
	if (t->count >= t->n_buckets && grow(t) < 0)
		return NULL;
	struct pending *p = malloc(sizeof *p);
	if (!p)
		return NULL;
	*p = (struct pending){.gid = t->next_gid++,
			      .origin_id = origin_id,
			      .requester = requester,
			      .device = device,
			      .deadline = deadline,
			      .prev = t->last};
	if (t->last)
		t->last->next = p;
	else
		t->first = p;
	t->last = p;
	size_t b = bucket_of(t, p->gid);
	p->hash_next = t->buckets[b];
	t->buckets[b] = p;
	t->count++;
	return p;
}

struct pending *pending_find(const struct pending_table *t, long long gid)
{
	if (!t->n_buckets)
		return NULL;
	for (struct pending *p = t->buckets[bucket_of(t, gid)]; p; p = p->hash_next)
		if (p->gid == gid)
			return p;
	return NULL;
}

void pending_remove(struct pending_table *t, struct pending *p)
{
	for (struct pending **link = &t->buckets[bucket_of(t, p->gid)]; *link; link = &(*link)->hash_next)
		if (*link == p) {
			*link = p->hash_next;
			break;
		}
	if (p->prev)
		p->prev->next = p->next;
	else
		t->first = p->next;
	if (p->next)
		p->next->prev = p->prev;
	else
		t->last = p->prev;
	t->count--;
	free(p);
}
