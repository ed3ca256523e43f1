/* weft-loadgen: the gateway's load benchmark. It starts the real (optimised) gateway on a free
 * loopback port and drives it with scripted devices and inspectors on libwebsockets, all in this
 * one thread:
 *
 *   - round trip: each inspector sends a 1 KiB request to its device, which answers with 1 KiB
 *     at once; one request outstanding per inspector; p50 / p99 of the time from queueing the
 *     request to receiving its reply;
 *   - one way: devices stream events as fast as their sockets take them, every inspector attached
 *     to every device (10x10 is a full mesh: each event is delivered ten times); the figure is
 *     what inspectors receive per second (only events that arrive count; the gateway may drop
 *     events for inspectors that fall behind, as it should);
 *   - the gateway's peak resident memory (VmHWM) over all runs;
 *   - its memory under two hostile loads, each on a fresh gateway with the default limits: slow
 *     readers (inspectors attached to a streaming device that never read) and many connections
 *     (200 that each announce a 60 MiB message and send 1 KiB of it).
 *
 * Devices and inspectors live in two lws contexts serviced by two threads (devices in a helper
 * thread, inspectors in the main one), so the load generator's own socket work does not cap what
 * the gateway is asked to do. Prints BENCH<TAB>gateway<TAB>figure<TAB>value<TAB>unit lines. --size tiny runs in about a
 * second (make test); --size full gives the published figures. */
#include <jansson.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "fastws.h"
#include "monotonic.h"

#define KIB 1024
#define MIB (1024 * 1024)

struct sizes {
	double warmup_s, window_s; /* one-way runs */
	int rtt_samples;           /* per inspector */
};

static struct client_pool *device_pool, *inspector_pool;
static struct gateway gw;

/* ---- the device thread: services device_pool while a measurement runs ---- */

static atomic_bool devices_stop;
static pthread_t devices_thread;

static void *serve_devices(void *arg)
{
	(void)arg;
	while (!atomic_load(&devices_stop))
		fws_service(device_pool);
	return NULL;
}

/* From here until stop_devices() only the helper thread touches devices. */
static void start_devices(void)
{
	atomic_store(&devices_stop, false);
	if (pthread_create(&devices_thread, NULL, serve_devices, NULL) != 0) {
		fprintf(stderr, "loadgen: cannot start the device thread\n");
		exit(1);
	}
}

static void stop_devices(void)
{
	atomic_store(&devices_stop, true);
	pthread_join(devices_thread, NULL);
}

/* CPU time (user + system) the gateway has used, in seconds. */
static double gateway_cpu_s(void)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)gw.pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	unsigned long utime = 0, stime = 0;
	/* fields 14 and 15; the command name in field 2 has no spaces here */
	if (fscanf(f, "%*d %*s %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2)
		utime = stime = 0;
	fclose(f);
	return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

/* ---- peers ---- */

struct peer_state {
	/* device */
	char device_id[24];
	const char *event; /* streamed while streaming */
	size_t event_len;
	bool streaming;
	const char *reply_pad; /* echo: answer every request with this pad */
	/* inspector */
	const char *target; /* the device its requests go to */
	long long next_id, outstanding_id;
	long long sent_at_us;
	int samples_left;
	double *rtts; /* microseconds */
	int n_rtts;
	unsigned long long events, event_bytes;
};

static struct ws_message *expect(struct fws *c)
{
	struct ws_message *m = fws_recv(c, 5000);
	if (!m) {
		fprintf(stderr, "loadgen: no answer from the gateway\n");
		exit(1);
	}
	return m;
}

/* calloc that gives up with a message: a load generator without memory has nothing to measure. */
static void *zalloc(size_t count, size_t size)
{
	void *p = calloc(count, size);
	if (!p) {
		fprintf(stderr, "loadgen: out of memory\n");
		exit(1);
	}
	return p;
}

static struct fws *open_device(int n)
{
	struct fws *c = fws_connect(device_pool, "/device");
	if (!c) {
		fprintf(stderr, "loadgen: a device cannot connect\n");
		exit(1);
	}
	struct peer_state *s = zalloc(1, sizeof *s);
	c->user = s;
	fws_sendf(c,
		  "{\"id\":1,\"method\":\"Gateway.register\",\"params\":{\"protocolVersion\":1,\"identity\":{"
		  "\"appId\":\"org.weft.Bench\",\"instance\":\"bench-%d-%d\",\"host\":\"loopback\"}}}",
		  (int)getpid(), n);
	struct ws_message *m = expect(c);
	json_t *j = json_loads(m->data, 0, NULL);
	snprintf(s->device_id, sizeof s->device_id, "%s",
		 json_string_value(json_object_get(json_object_get(j, "result"), "deviceId")));
	json_decref(j);
	free(m);
	return c;
}

static struct fws *open_inspector(void)
{
	struct fws *c = fws_connect(inspector_pool, "/inspector");
	if (!c) {
		fprintf(stderr, "loadgen: an inspector cannot connect\n");
		exit(1);
	}
	c->user = zalloc(1, sizeof(struct peer_state));
	fws_sendf(c, "{\"id\":1,\"method\":\"Gateway.hello\",\"params\":{\"protocolVersion\":1,\"client\":\"bench\"}}");
	free(expect(c));
	return c;
}

static void attach(struct fws *insp, const char *device_id)
{
	fws_sendf(insp, "{\"id\":2,\"method\":\"Gateway.attach\",\"params\":{\"device\":\"%s\"}}", device_id);
	for (;;) { /* skip gateway events until the reply */
		struct ws_message *m = expect(insp);
		bool reply = strncmp(m->data, "{\"id\":2", 7) == 0;
		free(m);
		if (reply)
			return;
	}
}

static void close_all(struct fws **peers, int n)
{
	for (int i = 0; i < n; i++) {
		struct peer_state *s = peers[i]->user;
		if (s)
			free(s->rtts);
		free(s);
		peers[i]->user = NULL;
		fws_free(peers[i]);
	}
}

/* A JSON text of exactly len bytes: prefix, a string of 'x' as padding, suffix. */
static char *padded(const char *prefix, const char *suffix, size_t len)
{
	size_t fixed = strlen(prefix) + strlen(suffix);
	char *text = malloc(len + 1);
	memcpy(text, prefix, strlen(prefix));
	memset(text + strlen(prefix), 'x', len - fixed);
	memcpy(text + len - strlen(suffix), suffix, strlen(suffix) + 1);
	return text;
}

/* ---- round trip ---- */

static char *request_pad;

static void send_request(struct fws *c)
{
	struct peer_state *s = c->user;
	s->outstanding_id = ++s->next_id;
	s->sent_at_us = monotonic_us();
	fws_sendf(c, "{\"id\":%lld,\"method\":\"Bench.echo\",\"device\":\"%s\",\"params\":{\"pad\":\"%s\"}}",
		  s->outstanding_id, s->target, request_pad);
}

static void inspector_on_reply(struct fws *c, const char *data, size_t len)
{
	(void)len;
	struct peer_state *s = c->user;
	if (strncmp(data, "{\"id\":", 6) != 0 || atoll(data + 6) != s->outstanding_id)
		return;
	s->rtts[s->n_rtts++] = (double)(monotonic_us() - s->sent_at_us);
	s->outstanding_id = 0;
	if (--s->samples_left > 0)
		send_request(c);
}

static void device_on_request(struct fws *c, const char *data, size_t len)
{
	(void)len;
	struct peer_state *s = c->user;
	if (strncmp(data, "{\"id\":", 6) != 0)
		return; /* Inspector.attached and the like */
	fws_sendf(c, "{\"id\":%lld,\"result\":{\"pad\":\"%s\"}}", atoll(data + 6), s->reply_pad);
}

static int compare_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void round_trip(int n_devices, int n_inspectors, const struct sizes *z)
{
	struct fws *devices[16], *inspectors[16];
	/* 1 KiB each way: the request line is ~1 KiB with its pad, the reply too. */
	request_pad = padded("", "", 1024 - 90);
	char *reply_pad = padded("", "", 1024 - 40);
	for (int i = 0; i < n_devices; i++) {
		devices[i] = open_device(i);
		struct peer_state *s = devices[i]->user;
		s->reply_pad = reply_pad;
		devices[i]->on_message = device_on_request;
	}
	for (int i = 0; i < n_inspectors; i++) {
		inspectors[i] = open_inspector();
		struct peer_state *s = inspectors[i]->user;
		s->target = ((struct peer_state *)devices[i % n_devices]->user)->device_id;
		s->samples_left = z->rtt_samples;
		s->rtts = zalloc((size_t)z->rtt_samples, sizeof *s->rtts);
		inspectors[i]->on_message = inspector_on_reply;
	}
	start_devices();
	for (int i = 0; i < n_inspectors; i++)
		send_request(inspectors[i]);
	long long deadline = monotonic_us() + 60 * 1000000LL;
	for (;;) {
		int busy = 0;
		for (int i = 0; i < n_inspectors; i++)
			busy += ((struct peer_state *)inspectors[i]->user)->samples_left > 0;
		if (!busy || monotonic_us() > deadline)
			break;
		fws_service(inspector_pool);
	}
	stop_devices();
	size_t total = 0;
	for (int i = 0; i < n_inspectors; i++)
		total += (size_t)((struct peer_state *)inspectors[i]->user)->n_rtts;
	double *all = malloc(total * sizeof *all);
	size_t k = 0;
	for (int i = 0; i < n_inspectors; i++) {
		struct peer_state *s = inspectors[i]->user;
		memcpy(all + k, s->rtts, (size_t)s->n_rtts * sizeof *all);
		k += (size_t)s->n_rtts;
	}
	qsort(all, total, sizeof *all, compare_double);
	if (total > 0) {
		double p50 = all[(size_t)(0.50 * (double)(total - 1))] / 1000.0;
		double p99 = all[(size_t)(0.99 * (double)(total - 1))] / 1000.0;
		printf("BENCH\tgateway\tround trip p50, 1 KiB, %dx%d\t%.3f\tms\n", n_devices, n_inspectors, p50);
		printf("BENCH\tgateway\tround trip p99, 1 KiB, %dx%d\t%.3f\tms\n", n_devices, n_inspectors, p99);
		fflush(stdout);
	}
	free(all);
	close_all(inspectors, n_inspectors);
	close_all(devices, n_devices);
	free(request_pad);
	free(reply_pad);
}

/* ---- one way ---- */

static void device_on_idle(struct fws *c)
{
	struct peer_state *s = c->user;
	if (!s || !s->streaming)
		return;
	if (s->event_len >= 64 * KIB) {
		fws_send_borrowed(c, s->event, s->event_len);
		return;
	}
	/* Small events go out in batches of about 64 KiB per write, as a busy program's would. */
	for (size_t queued = 0; queued < 64 * KIB; queued += s->event_len)
		fws_send(c, s->event, s->event_len);
}

static void inspector_on_event(struct fws *c, const char *data, size_t len)
{
	struct peer_state *s = c->user;
	/* {"device":"d1","method":"Bench.tick",... : count our events only, not gateway notices */
	const char *head = memchr(data, ',', len < 40 ? len : 40); /* data holds at least 40 bytes */
	if (head && strncmp(head + 1, "\"method\":\"Bench.tick\"", 21) == 0) {
		s->events++;
		s->event_bytes += len;
	}
}

static void totals(struct fws **inspectors, int n, unsigned long long *events, unsigned long long *bytes)
{
	*events = *bytes = 0;
	for (int i = 0; i < n; i++) {
		struct peer_state *s = inspectors[i]->user;
		*events += s->events;
		*bytes += s->event_bytes;
	}
}

/* Services the inspectors for a while (the device thread serves the devices). */
static void run_for(double seconds)
{
	long long end = monotonic_us() + (long long)(seconds * 1e6);
	while (monotonic_us() < end)
		fws_service(inspector_pool);
}

static void one_way(int n_devices, int n_inspectors, size_t size, const struct sizes *z)
{
	struct fws *devices[16], *inspectors[16];
	char *event = padded("{\"method\":\"Bench.tick\",\"params\":{\"pad\":\"", "\"}}", size);
	for (int i = 0; i < n_devices; i++)
		devices[i] = open_device(i);
	for (int i = 0; i < n_inspectors; i++) {
		inspectors[i] = open_inspector();
		for (int d = 0; d < n_devices; d++)
			attach(inspectors[i], ((struct peer_state *)devices[d]->user)->device_id);
		inspectors[i]->on_message = inspector_on_event;
		inspectors[i]->heads_only = true; /* count, do not gather */
	}
	for (int i = 0; i < n_devices; i++) {
		struct peer_state *s = devices[i]->user;
		s->event = event;
		s->event_len = size;
		s->streaming = true;
		devices[i]->on_idle = device_on_idle;
		device_on_idle(devices[i]);
	}
	start_devices();
	run_for(z->warmup_s);
	unsigned long long e0, b0, e1, b1;
	totals(inspectors, n_inspectors, &e0, &b0);
	long long t0 = monotonic_us();
	double cpu0 = gateway_cpu_s();
	run_for(z->window_s);
	totals(inspectors, n_inspectors, &e1, &b1);
	double dt = (double)(monotonic_us() - t0) / 1e6;
	double cpu = gateway_cpu_s() - cpu0;
	stop_devices();
	for (int i = 0; i < n_devices; i++)
		((struct peer_state *)devices[i]->user)->streaming = false;
	/* Delivered is what this machine did with the load generator on the same cores; capacity
	 * divides what was delivered by the CPU time the gateway itself used, i.e. what one core
	 * running only the gateway would sustain (the machine may be shared and the load generator
	 * needs a core too). */
	double cpu_share = cpu > 0 ? cpu : 1e-9;
	if (size <= 64 * KIB) {
		printf("BENCH\tgateway\tdelivered messages/s, %zu KiB, %dx%d\t%.0f\tmsgs/s\n", size / KIB, n_devices,
		       n_inspectors, (double)(e1 - e0) / dt);
		printf("BENCH\tgateway\tcapacity per gateway core, %zu KiB, %dx%d\t%.0f\tmsgs/s\n", size / KIB,
		       n_devices, n_inspectors, (double)(e1 - e0) / cpu_share);
	} else {
		printf("BENCH\tgateway\tdelivered MB/s, %zu MiB, %dx%d\t%.0f\tMB/s\n", size / MIB, n_devices,
		       n_inspectors, (double)(b1 - b0) / dt / 1e6);
		printf("BENCH\tgateway\tcapacity per gateway core, %zu MiB, %dx%d\t%.0f\tMB/s\n", size / MIB, n_devices,
		       n_inspectors, (double)(b1 - b0) / cpu_share / 1e6);
	}
	fprintf(stderr, "loadgen: %dx%d, %zu-byte events: the gateway used %.0f%% of a core\n", n_devices, n_inspectors,
		size, 100 * cpu / dt);
	fflush(stdout);
	close_all(inspectors, n_inspectors);
	close_all(devices, n_devices);
	run_for(0.1); /* let the gateway see the closes */
	free(event);
}

/* ---- memory under hostile loads ---- */

static bool start_gateway(void)
{
	const char *level = getenv("WEFT_BENCH_LOG") ? getenv("WEFT_BENCH_LOG") : "warn";
	if (gateway_start(&gw, (const char *[]){"--grace", "0", "--log-level", level, NULL}) != 0)
		return false;
	device_pool = fws_pool_new(gw.port);
	inspector_pool = fws_pool_new(gw.port);
	return device_pool && inspector_pool;
}

static bool stop_gateway(void)
{
	client_pool_free(device_pool);
	client_pool_free(inspector_pool);
	int status = gateway_stop(&gw, 3000, NULL);
	if (status != 0) {
		fprintf(stderr, "loadgen: the gateway exited with %d\n", status);
		gateway_dump_log(&gw);
	}
	return status == 0;
}

static double mib(long kib) { return (double)kib / 1024.0; }

/* One device streams 64 KiB events to 8 attached inspectors that never read: the gateway holds
 * what their sockets do not take, within each one's queue limit. */
static void slow_readers(const struct sizes *z)
{
	enum { N = 8 };
	struct fws *device = open_device(0);
	const char *device_id = ((struct peer_state *)device->user)->device_id;
	int readers[N];
	char attach_text[128];
	snprintf(attach_text, sizeof attach_text,
		 "{\"id\":2,\"method\":\"Gateway.attach\",\"params\":{\"device\":\"%s\"}}", device_id);
	for (int i = 0; i < N; i++) {
		readers[i] = raw_ws_open(gw.port, "/inspector");
		if (readers[i] < 0 ||
		    !raw_ws_text(readers[i],
				 "{\"id\":1,\"method\":\"Gateway.hello\",\"params\":{\"protocolVersion\":1}}", true) ||
		    !raw_ws_text(readers[i], attach_text, true)) {
			fprintf(stderr, "loadgen: a slow reader cannot connect\n");
			exit(1);
		}
	}
	usleep(100 * 1000); /* the attaches are in */
	char *event = padded("{\"method\":\"Bench.tick\",\"params\":{\"pad\":\"", "\"}}", 64 * KIB);
	struct peer_state *s = device->user;
	s->event = event;
	s->event_len = 64 * KIB;
	s->streaming = true;
	device->on_idle = device_on_idle;
	device_on_idle(device);
	start_devices();
	usleep((useconds_t)((z->warmup_s + z->window_s) * 1e6));
	long rss = gateway_status_kib(&gw, "VmRSS"), peak = gateway_peak_kib(&gw);
	stop_devices();
	s->streaming = false;
	printf("BENCH\tgateway\tgateway memory (VmHWM), slow readers: 64 KiB events to %d that never read\t%.1f\tMiB\n",
	       N, mib(peak));
	printf("BENCH\tgateway\tgateway memory (VmRSS) at the end of it\t%.1f\tMiB\n", mib(rss));
	fflush(stdout);
	for (int i = 0; i < N; i++)
		close(readers[i]);
	close_all(&device, 1);
	free(event);
}

/* 200 connections each announce a 60 MiB message and send 1 KiB of it: memory follows the bytes
 * that arrived, not the announced lengths. */
static void many_connections(void)
{
	enum { N = 200 };
	int fds[N];
	char kib[KIB];
	memset(kib, ' ', sizeof kib);
	memcpy(kib, "{\"method\":\"X\",\"params\":\"", 24);
	for (int i = 0; i < N; i++) {
		fds[i] = raw_ws_open(gw.port, "/inspector");
		if (fds[i] < 0 || !raw_ws_head(fds[i], 60u * MIB, true, true) ||
		    write(fds[i], kib, sizeof kib) != sizeof kib) {
			fprintf(stderr, "loadgen: connection %d of %d failed\n", i, N);
			exit(1);
		}
	}
	usleep(300 * 1000); /* the gateway has read them */
	int open = 0;
	for (int i = 0; i < N; i++)
		open += raw_ws_watch(fds[i], 1, NULL) == 0;
	printf("BENCH\tgateway\tgateway memory (VmHWM), %d connections announcing 60 MiB, 1 KiB sent each\t%.1f\tMiB\n",
	       N, mib(gateway_peak_kib(&gw)));
	printf("BENCH\tgateway\tgateway address space (VmSize) with them\t%.1f\tMiB\n",
	       mib(gateway_status_kib(&gw, "VmSize")));
	fflush(stdout);
	if (open != N)
		fprintf(stderr, "loadgen: only %d of %d connections stayed open\n", open, N);
	for (int i = 0; i < N; i++)
		close(fds[i]);
}

int main(int argc, char **argv)
{
	struct sizes full = {.warmup_s = 0.5, .window_s = 3.0, .rtt_samples = 5000};
	struct sizes tiny = {.warmup_s = 0.05, .window_s = 0.2, .rtt_samples = 100};
	const struct sizes *z = &full;
	const char *only = NULL; /* --only rtt|small|large|memory: one group of runs (for profiling) */
	for (int i = 1; i + 1 < argc; i++) {
		if (strcmp(argv[i], "--size") == 0 && strcmp(argv[++i], "tiny") == 0)
			z = &tiny;
		else if (strcmp(argv[i], "--only") == 0)
			only = argv[++i];
	}
	if (!start_gateway())
		return 1;
	if (!only || strcmp(only, "rtt") == 0) {
		round_trip(1, 1, z);
		round_trip(10, 10, z);
	}
	if (!only || strcmp(only, "small") == 0) {
		one_way(1, 1, KIB, z);
		one_way(10, 10, KIB, z);
	}
	if (!only || strcmp(only, "large") == 0) {
		one_way(1, 1, MIB, z);
		one_way(10, 10, MIB, z);
	}
	long peak = gateway_peak_kib(&gw);
	printf("BENCH\tgateway\tgateway peak memory (VmHWM)\t%.1f\tMiB\n", mib(peak));
	if (!stop_gateway())
		return 1;
	if (!only || strcmp(only, "memory") == 0) {
		if (!start_gateway())
			return 1;
		slow_readers(z);
		if (!stop_gateway() || !start_gateway())
			return 1;
		many_connections();
		if (!stop_gateway())
			return 1;
	}
	return 0;
}
