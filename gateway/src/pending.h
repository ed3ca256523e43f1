/* Requests forwarded to devices and not yet answered. Each gets a gateway id (gid) unique for
 * the gateway's life, which replaces the requester's id on the way to the device, so replies from
 * one device to many inspectors never collide. Kept in a hash by gid and in a list in deadline
 * order (every request gets the same time-out, so that is arrival order). */
#ifndef WEFT_PENDING_H
#define WEFT_PENDING_H

#include <stddef.h>

struct peer;
struct device;

struct pending {
	struct pending *hash_next;
	struct pending *prev, *next; /* deadline order */
	long long gid;
	long long origin_id;    /* the requester's own id */
	struct peer *requester; /* an inspector or an HTTP exchange */
	struct device *device;
	long long deadline; /* microseconds */
};

struct pending_table {
	struct pending **buckets;
	size_t n_buckets, count;
	struct pending *first, *last;
	long long next_gid;
};

void pending_init(struct pending_table *t);
void pending_free(struct pending_table *t);

/* Records a request and gives it the next gid; NULL when out of memory. */
struct pending *pending_add(struct pending_table *t, struct peer *requester, long long origin_id, struct device *device,
			    long long deadline);

struct pending *pending_find(const struct pending_table *t, long long gid);

/* Unlinks and frees an entry. */
void pending_remove(struct pending_table *t, struct pending *p);

#endif
