#include "msg.h"

#include <stdlib.h>
#include <string.h>

static size_t bytes_held; /* the gateway runs one service thread: no lock */

size_t msg_bytes_held(void) { return bytes_held; }

static char *payload_origin(struct msg *m) { return m->buf + MSG_PRE + MSG_EDIT_ROOM; }

struct msg *msg_new(size_t cap)
{
	struct msg *m = malloc(sizeof *m + MSG_PRE + MSG_EDIT_ROOM + cap + 1);
	if (!m)
		return NULL;
	m->refs = 1;
	m->len = 0;
	m->cap = cap;
	bytes_held += cap;
	m->data = payload_origin(m);
	m->data[0] = '\0';
	return m;
}

struct msg *msg_from(const char *data, size_t len)
{
	struct msg *m = msg_new(len);
	if (m)
		msg_append(m, data, len);
	return m;
}

struct msg *msg_reserve(struct msg *m, size_t cap)
{
	if (cap <= m->cap)
		return m;
	size_t offset = (size_t)(m->data - m->buf);
	struct msg *grown = realloc(m, sizeof *m + MSG_PRE + MSG_EDIT_ROOM + cap + 1);
	if (!grown)
		return NULL;
	bytes_held += cap - grown->cap;
	grown->cap = cap;
	grown->data = grown->buf + offset;
	return grown;
}

void msg_append(struct msg *m, const void *data, size_t len)
{
	memcpy(m->data + m->len, data, len);
	m->len += len;
	m->data[m->len] = '\0';
}

size_t msg_headroom(const struct msg *m) { return (size_t)(m->data - (m->buf + MSG_PRE)); }

struct msg *msg_ref(struct msg *m)
{
	m->refs++;
	return m;
}

void msg_unref(struct msg *m)
{
	if (m && --m->refs == 0) {
		bytes_held -= m->cap;
		free(m);
	}
}
