/* weft-json-check-bench: what the gateway's own JSON reading costs. The HTTP API checks a big
 * snapshot (json_check.h); the WebSocket relay reads the envelope head of every device message
 * (envelope.h), its hot path.
 *
 * For the check, it builds a snapshot-like document from a real one (fixtures/snapshots/feed.json, compacted as
 * a device sends it): the fixture's document keys with its root element repeated until the
 * document is 4 MiB (256 KiB at --size tiny). It then times json_check over it, and jansson's
 * json_loadb (the DOM the check avoids) for comparison, and the longest time one 64 KiB feed of
 * the check takes when it is fed as the gateway receives a reply; each figure is the median of
 * its passes.
 * For the head, it times envelope_scan over three heads a device sends (an event, a reply, a
 * head with several scalar members before its body), in ns per head (median of its passes).
 * For the frame scan every WebSocket read goes through (frame_guard.c), it times ws_frame_scan
 * over a 64 KiB read of masked 1 KiB frames, in ns per frame (median of its passes).
 * Prints BENCH<TAB>gateway<TAB>figure<TAB>value<TAB>unit lines.
 *
 *   weft-json-check-bench [--size tiny|full] FIXTURE */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "envelope.h"
#include "json_check.h"
#include "monotonic.h"
#include "ws_frame_scan.h"

#define MIB (1024 * 1024)

/* {"format":...,"roots":[R,R,...]} with the fixture's root R, to at least size bytes; malloc'd. */
static char *snapshot_like(const char *fixture, size_t size, size_t *len)
{
	json_error_t err;
	json_t *doc = json_load_file(fixture, 0, &err);
	json_t *roots = json_object_get(doc, "roots");
	if (!json_is_array(roots) || json_array_size(roots) == 0) {
		fprintf(stderr, "json-check-bench: %s: no roots (%s)\n", fixture, err.text);
		exit(1);
	}
	char *root = json_dumps(json_array_get(roots, 0), JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_object_del(doc, "roots");
	char *head = json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER); /* {...} without roots */
	size_t root_len = strlen(root), head_len = strlen(head);
	char *out = malloc(size + root_len + head_len + 16);
	size_t n = head_len - 1; /* keep all but the closing brace */
	memcpy(out, head, n);
	n += (size_t)sprintf(out + n, ",\"roots\":[");
	for (bool first = true; n < size; first = false) {
		if (!first)
			out[n++] = ',';
		memcpy(out + n, root, root_len);
		n += root_len;
	}
	n += (size_t)sprintf(out + n, "]}");
	free(root);
	free(head);
	json_decref(doc);
	*len = n;
	return out;
}

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The median of n timings (malloc'd; freed here). */
static double median_of(double *t, int n)
{
	qsort(t, (size_t)n, sizeof *t, compare_double);
	double median = t[n / 2];
	free(t);
	return median;
}

/* The median seconds of passes runs of json_check (jansson false) or json_loadb (true). */
static double median_seconds(const char *doc, size_t len, int passes, bool jansson)
{
	double *t = malloc((size_t)passes * sizeof *t);
	for (int i = 0; i < passes; i++) {
		long long t0 = monotonic_us();
		bool ok;
		if (jansson) {
			json_t *j = json_loadb(doc, len, 0, NULL);
			ok = j != NULL;
			json_decref(j);
		} else {
			struct json_check_error err;
			ok = json_check(doc, len, &err);
		}
		t[i] = (double)(monotonic_us() - t0) / 1e6;
		if (!ok) {
			fprintf(stderr, "json-check-bench: the document was refused\n");
			exit(1);
		}
	}
	return median_of(t, passes);
}

/* The HTTP API's check as the gateway runs it: fed while the reply arrives, 64 KiB per receive
 * callback (server.c's RX_BUFFER). The median over passes of the longest time one feed, or the
 * last feed with the verdict, took: how long the check holds up the service thread at once. */
static double longest_feed_seconds(const char *doc, size_t len, int passes)
{
	double *t = malloc((size_t)passes * sizeof *t);
	for (int i = 0; i < passes; i++) {
		struct json_checker k;
		json_checker_init(&k);
		long long longest = 0;
		bool ok = true;
		for (size_t at = 0; at < len; at += 64 * 1024) {
			size_t n = len - at < 64 * 1024 ? len - at : 64 * 1024;
			long long t0 = monotonic_us();
			json_checker_feed(&k, doc + at, n);
			if (at + n == len) {
				struct json_check_error err;
				ok = json_checker_finish(&k, &err);
			}
			long long took = monotonic_us() - t0;
			longest = took > longest ? took : longest;
		}
		if (!ok) {
			fprintf(stderr, "json-check-bench: the document was refused in fragments\n");
			exit(1);
		}
		t[i] = (double)longest / 1e6;
	}
	return median_of(t, passes);
}

/* Device messages as they reach envelope_scan; only the head is read, so the bodies are short. */
static const char *const heads[] = {
	"{\"method\":\"Tree.updated\",\"params\":{\"revision\":12,\"ops\":[]}}",
	"{\"id\":1234567,\"result\":{\"format\":\"weft.snapshot\",\"roots\":[]}}",
	"{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"Runtime.frame\",\"seq\":918273,\"t\":1.25e3,"
	"\"final\":true,\"note\":null,\"params\":{}}",
};

/* The median ns per envelope_scan over the heads above (rounds of every head, passes times). */
static double head_ns(int rounds, int passes)
{
	size_t n_heads = sizeof heads / sizeof heads[0], lens[sizeof heads / sizeof heads[0]];
	for (size_t h = 0; h < n_heads; h++)
		lens[h] = strlen(heads[h]);
	double *t = malloc((size_t)passes * sizeof *t);
	for (int i = 0; i < passes; i++) {
		unsigned kinds = 0;
		long long t0 = monotonic_us();
		for (int r = 0; r < rounds; r++)
			for (size_t h = 0; h < n_heads; h++) {
				struct envelope e;
				kinds += (unsigned)envelope_scan(heads[h], lens[h], &e);
			}
		t[i] = (double)(monotonic_us() - t0) * 1e3 / ((double)rounds * (double)n_heads);
		if (kinds != (unsigned)rounds * (ENVELOPE_EVENT + ENVELOPE_REPLY + ENVELOPE_REQUEST)) {
			fprintf(stderr, "json-check-bench: a head was misread\n");
			exit(1);
		}
	}
	return median_of(t, passes);
}

/* The median ns per frame of ws_frame_scan over a read of masked 1 KiB frames (rounds reads,
 * passes times). */
static double frame_scan_ns(int rounds, int passes)
{
	enum { PAYLOAD = 1024, FRAME = 2 + 2 + 4 + PAYLOAD, FRAMES = 64 * 1024 / FRAME };
	static unsigned char read_buf[FRAMES * FRAME];
	for (int f = 0; f < FRAMES; f++) {
		unsigned char *h = read_buf + f * FRAME;
		h[0] = 0x81;
		h[1] = 0x80 | 126;
		h[2] = PAYLOAD >> 8;
		h[3] = PAYLOAD & 0xff;
		memset(h + 4, 0x5a, 4 + PAYLOAD);
	}
	double *t = malloc((size_t)passes * sizeof *t);
	struct ws_frame_scan scan = {0};
	for (int i = 0; i < passes; i++) {
		size_t handed_on = 0;
		long long t0 = monotonic_us();
		for (int r = 0; r < rounds; r++)
			handed_on += ws_frame_scan_feed(&scan, read_buf, sizeof read_buf);
		t[i] = (double)(monotonic_us() - t0) * 1e3 / ((double)rounds * FRAMES);
		if (handed_on != (size_t)rounds * sizeof read_buf) {
			fprintf(stderr, "json-check-bench: the frame scan refused masked frames\n");
			exit(1);
		}
	}
	return median_of(t, passes);
}

/* The median seconds of the relay's member check (envelope_check_members) of the document sent
 * as a device's reply: {"id":1,"result":DOC}. Every device message pays it. */
static double members_seconds(const char *doc, size_t len, int passes)
{
	char *reply = malloc(len + 32);
	int head = sprintf(reply, "{\"id\":1,\"result\":");
	memcpy(reply + head, doc, len);
	size_t n = (size_t)head + len;
	reply[n++] = '}';
	struct envelope e;
	if (envelope_scan(reply, n, &e) != ENVELOPE_REPLY) {
		fprintf(stderr, "json-check-bench: the reply's head was misread\n");
		exit(1);
	}
	double *t = malloc((size_t)passes * sizeof *t);
	for (int i = 0; i < passes; i++) {
		struct json_check_error fault;
		long long t0 = monotonic_us();
		bool ok = envelope_check_members(reply, n, &e, &fault);
		t[i] = (double)(monotonic_us() - t0) / 1e6;
		if (!ok) {
			fprintf(stderr, "json-check-bench: the reply's members were refused: %s\n", fault.reason);
			exit(1);
		}
	}
	free(reply);
	return median_of(t, passes);
}

int main(int argc, char **argv)
{
	bool tiny = argc > 2 && strcmp(argv[1], "--size") == 0 && strcmp(argv[2], "tiny") == 0;
	const char *fixture = argc > 1 ? argv[argc - 1] : NULL;
	if (!fixture || fixture[0] == '-') {
		fprintf(stderr, "usage: weft-json-check-bench [--size tiny|full] FIXTURE\n");
		return 2;
	}
	size_t size = tiny ? MIB / 4 : 4 * MIB, len;
	char *doc = snapshot_like(fixture, size, &len);
	int passes = tiny ? 5 : 41;
	double check = median_seconds(doc, len, passes, false);
	double dom = median_seconds(doc, len, tiny ? 3 : 11, true);
	const char *label = tiny ? "256 KiB" : "4 MiB";
	double stall = longest_feed_seconds(doc, len, passes);
	printf("BENCH\tgateway\tJSON check of a %s snapshot (HTTP API)\t%.0f\tMB/s\n", label,
	       (double)len / check / 1e6);
	printf("BENCH\tgateway\ttime to check a %s snapshot at once\t%.2f\tms\n", label, check * 1e3);
	printf("BENCH\tgateway\tlongest stall checking it as it arrives (64 KiB receives, HTTP API)\t%.0f\tus\n",
	       stall * 1e6);
	printf("BENCH\tgateway\tjansson parse of the same snapshot (the DOM avoided)\t%.0f\tMB/s\n",
	       (double)len / dom / 1e6);
	printf("BENCH\tgateway\tenvelope head read of a device message (relay)\t%.1f\tns\n",
	       head_ns(tiny ? 20000 : 1000000, tiny ? 3 : 11));
	printf("BENCH\tgateway\tenvelope member check of a %s reply (relay, every device message)\t%.0f\tMB/s\n", label,
	       (double)len / members_seconds(doc, len, passes) / 1e6);
	printf("BENCH\tgateway\tframe scan of a 64 KiB read of 1 KiB frames (every WebSocket read)\t%.1f\tns/frame\n",
	       frame_scan_ns(tiny ? 2000 : 100000, tiny ? 3 : 11));
	free(doc);
	return 0;
}
