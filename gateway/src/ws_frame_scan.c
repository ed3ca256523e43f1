#include "ws_frame_scan.h"

#define MASK_BIT 0x80
#define MASK_KEY_LEN 4

size_t ws_frame_scan_feed(struct ws_frame_scan *s, const unsigned char *p, size_t n)
{
	if (s->fault)
		return 0;
	size_t i = 0;
	while (i < n) {
		if (s->payload_left) {
			uint64_t take = n - i < s->payload_left ? n - i : s->payload_left;
			i += (size_t)take;
			s->payload_left -= take;
			continue;
		}
		if (s->header_seen == 0) {
			s->header_len = 2;
			s->length = 0;
		}
		unsigned char c = p[i++];
		uint8_t at = s->header_seen++;
		if (at == 1) { /* MASK, then the 7-bit length: 126 and 127 announce 16- and 64-bit ones */
			if (!(c & MASK_BIT)) {
				s->fault = WS_FRAME_UNMASKED;
				return i - 1;
			}
			uint8_t len7 = c & 0x7f;
			s->header_len = (uint8_t)(2 + (len7 == 126 ? 2 : len7 == 127 ? 8 : 0) + MASK_KEY_LEN);
			s->length = len7 < 126 ? len7 : 0;
		} else if (at >= 2 && at < s->header_len - MASK_KEY_LEN) { /* the extended length, big-endian */
			if (at == 2 && s->header_len == 14 && (c & 0x80)) {
				s->fault = WS_FRAME_LENGTH_TOP_BIT;
				return i - 1;
			}
			s->length = s->length << 8 | c;
		} /* byte 0 (FIN, RSV, opcode) and the mask key: libwebsockets checks what they say */
		if (s->header_seen == s->header_len) {
			s->payload_left = s->length;
			s->header_seen = 0;
		}
	}
	return n;
}

const char *ws_frame_fault_text(enum ws_frame_fault fault)
{
	switch (fault) {
	case WS_FRAME_UNMASKED:
		return "unmasked frame";
	case WS_FRAME_LENGTH_TOP_BIT:
		return "frame length over 2^63";
	default:
		return "no fault";
	}
}
