/* Follows the frame headers of a client's WebSocket byte stream (RFC 6455, 5.2) as it arrives,
 * in pieces of any size, and finds the first frame a server must refuse: one that is not masked
 * (5.1), or one whose 64-bit length has its top bit set. Payload is skipped by its length, never
 * looked at, so the cost is per frame, not per byte. frame_guard.c feeds it every byte a WebSocket
 * peer sends, before libwebsockets sees them. */
#ifndef WEFT_WS_FRAME_SCAN_H
#define WEFT_WS_FRAME_SCAN_H

#include <stddef.h>
#include <stdint.h>

enum ws_frame_fault {
	WS_FRAME_OK,
	WS_FRAME_UNMASKED,       /* the mask bit is clear */
	WS_FRAME_LENGTH_TOP_BIT, /* a 64-bit length with its most significant bit set */
};

/* Zeroed: at the start of a stream. */
struct ws_frame_scan {
	uint64_t payload_left; /* bytes of the current frame's payload still to come */
	uint64_t length;       /* the current header's payload length, as read so far */
	uint8_t header_seen;   /* bytes of the current header read (0: between frames) */
	uint8_t header_len;    /* its whole length (2 to 14) once its second byte is in */
	enum ws_frame_fault fault;
};

/* Reads the n bytes that follow what was fed before. Returns how many of them may be handed on:
 * n when no frame is refused, else those before the byte that shows the fault (the second header
 * byte for a mask, the third for a length), so at most the first bytes of the refused frame's
 * header and never its payload; s->fault then says why, and every later call returns 0. */
size_t ws_frame_scan_feed(struct ws_frame_scan *s, const unsigned char *p, size_t n);

const char *ws_frame_fault_text(enum ws_frame_fault fault);

#endif
