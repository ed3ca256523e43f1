/* libFuzzer target for ws_frame_scan: the input's first byte chooses a piece size, the rest is a
 * client's byte stream, fed in pieces of that size (and the last piece's remainder). A reference
 * reads the whole stream at once by offsets; the scan must agree with it on the fault and hand on
 * exactly the bytes before the one that shows it, wherever the pieces are cut. Any disagreement,
 * or any sanitizer report, is a finding. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ws_frame_scan.h"

struct verdict {
	enum ws_frame_fault fault;
	size_t shown; /* the byte that shows the fault */
};

static struct verdict reference(const uint8_t *p, size_t n)
{
	size_t at = 0;
	while (at + 2 <= n) {
		if (!(p[at + 1] & 0x80))
			return (struct verdict){WS_FRAME_UNMASKED, at + 1};
		uint64_t len = p[at + 1] & 0x7f;
		size_t ext = len == 126 ? 2 : len == 127 ? 8 : 0;
		if (ext == 8 && at + 2 < n && (p[at + 2] & 0x80))
			return (struct verdict){WS_FRAME_LENGTH_TOP_BIT, at + 2};
		if (at + 2 + ext > n)
			break;
		if (ext) {
			len = 0;
			for (size_t i = 0; i < ext; i++)
				len = len << 8 | p[at + 2 + i];
		}
		uint64_t frame = 2 + ext + 4 + len;
		if (frame > n - at)
			break;
		at += (size_t)frame;
	}
	return (struct verdict){WS_FRAME_OK, 0};
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	size_t piece = (size_t)data[0] % 17 + 1;
	const uint8_t *p = data + 1;
	size_t n = size - 1, handed_on = 0;
	struct verdict v = reference(p, n);
	size_t want = v.fault ? v.shown : n;
	struct ws_frame_scan s = {0};
	bool stopped = false;
	for (size_t at = 0; at < n; at += piece) {
		size_t len = n - at < piece ? n - at : piece, got = ws_frame_scan_feed(&s, p + at, len);
		if (!stopped)
			handed_on += got;
		stopped = stopped || got < len;
	}
	if (s.fault != v.fault || handed_on != want) {
		fprintf(stderr, "ws_frame_scan: fault %d (reference %d), %zu handed on (want %zu)\n", (int)s.fault,
			(int)v.fault, handed_on, want);
		abort();
	}
	return 0;
}
