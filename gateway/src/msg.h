/* A message buffer shared by every queue it sits in (reference counted), so an event fanned out
 * to ten inspectors exists once in memory. The payload is preceded by headroom: MSG_PRE bytes
 * libwebsockets writes its frame header into, plus MSG_EDIT_ROOM bytes so the envelope edits
 * (inserting "device", rewriting a reply id) move only the head, never the body. */
#ifndef WEFT_MSG_H
#define WEFT_MSG_H

#include <stddef.h>

#define MSG_PRE 16       /* == LWS_PRE on every platform lws 4.1 supports (checked in server.c) */
#define MSG_EDIT_ROOM 64 /* room for '"device":"<id>",' or a longer reply id */

struct msg {
	int refs;
	size_t len; /* payload bytes */
	size_t cap; /* payload capacity after the headroom */
	char *data; /* payload start; moves backwards into the edit room when the head grows */
	char buf[]; /* MSG_PRE + MSG_EDIT_ROOM + cap + 1 (a NUL after the payload) */
};

/* A message with room for cap payload bytes, len 0, one reference. NULL when out of memory. */
struct msg *msg_new(size_t cap);

/* A message holding a copy of len bytes. */
struct msg *msg_from(const char *data, size_t len);

/* Grows the capacity of an unshared message (refs == 1) to at least cap; returns the (possibly
 * moved) message or NULL, leaving the original untouched, when out of memory. */
struct msg *msg_reserve(struct msg *m, size_t cap);

/* Appends bytes to an unshared message whose capacity suffices. */
void msg_append(struct msg *m, const void *data, size_t len);

/* Bytes available in front of data for head edits (never eats into MSG_PRE). */
size_t msg_headroom(const struct msg *m);

/* Payload bytes reserved by every message alive, received, queued or being built: what the
 * gateway's memory budget (--memory-budget) counts. */
size_t msg_bytes_held(void);

struct msg *msg_ref(struct msg *m);
void msg_unref(struct msg *m);

#endif
