/* Integration tests: the real gateway (the ASan+UBSan build under `make test`) on a free port,
 * driven by scripted devices and inspectors over real sockets and by raw HTTP requests.
 * Expected values come from protocol.md (quoted next to each check), never from the gateway's
 * own output. */
#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>

#include "check.h"
#include "harness.h"
#include "scripted.h"

static struct gateway gw;
static struct wsc_pool *pool;

/* Starts a gateway with extra flags and a client pool for one test. */
static bool up(const char *const *args)
{
	if (gateway_start(&gw, args) != 0)
		return false;
	pool = wsc_pool_new(gw.port);
	return pool != NULL;
}

/* Stops both; the gateway must exit 0 (ASan reports make it exit non-zero) within 1 s. */
static void down(void)
{
	wsc_pool_free(pool);
	pool = NULL;
	long long elapsed = 0;
	int status = gateway_stop(&gw, 3000, &elapsed);
	if (status != 0 || elapsed > 1000) {
		fprintf(stderr, "  gateway exit status %d after %lld ms\n", status, elapsed);
		gateway_dump_log(&gw);
	}
	CHECK_INT(status, 0);
	CHECK(elapsed <= 1000);
}

static json_t *http_json(const char *method, const char *path, const char *headers, const char *body, int *status)
{
	struct http_result r;
	*status = -1;
	if (http_simple(gw.port, method, path, headers, body, &r) != 0)
		return NULL;
	*status = r.status;
	json_t *j = json_loadb(r.body, r.body_len, 0, NULL);
	http_result_free(&r);
	return j;
}

/* ---- basics ---- */

static void test_healthz_and_empty_list(void)
{
	if (!up(NULL)) {
		CHECK(!"the gateway started");
		return;
	}
	int status;
	json_t *j = http_json("GET", "/healthz", NULL, NULL, &status);
	CHECK_INT(status, 200); /* protocol.md: GET /healthz -> 200 {"ok": true} */
	CHECK(json_is_true(json_object_get(j, "ok")));
	json_decref(j);
	j = http_json("GET", "/api/devices", NULL, NULL, &status);
	CHECK_INT(status, 200);
	CHECK_INT(json_array_size(json_object_get(j, "devices")), 0);
	json_decref(j);
	down();
}

static void test_register_hello_and_list(void)
{
	if (!up(NULL)) {
		CHECK(!"the gateway started");
		return;
	}
	const char *instance = test_instance();
	struct tc *dev = tc_connect(pool, &(struct wsc_options){.path = "/device"});
	tc_sendf(dev, "{\"id\":5,\"method\":\"Gateway.register\",\"params\":{\"protocolVersion\":1,\"identity\":{"
		      "\"appId\":\"org.weft.Test\",\"instance\":\"%s\",\"host\":\"h\"},\"info\":{\"appName\":\"T\"}}}",
		 instance);
	json_t *reply = tc_reply(dev, 5);
	/* -> {"deviceId": "d1", "gatewayVersion": "...", "protocolVersion": 1} */
	const char *device_id = str_at(reply, "result", "deviceId");
	CHECK(device_id && device_id[0] == 'd');
	CHECK(str_at(reply, "result", "gatewayVersion") != NULL);
	CHECK_INT(int_at(reply, "result", "protocolVersion"), 1);

	struct tc *insp = tc_connect(pool, &(struct wsc_options){.path = "/inspector"});
	tc_sendf(insp, "{\"id\":1,\"method\":\"Gateway.hello\",\"params\":{\"protocolVersion\":1,\"client\":\"cli\"}}");
	json_t *hello = tc_reply(insp, 1);
	json_t *devices = json_object_get(json_object_get(hello, "result"), "devices");
	CHECK_INT(json_array_size(devices), 1);
	json_t *d = json_array_get(devices, 0);
	CHECK_STR(str_at(d, "deviceId", NULL), device_id ? device_id : "");
	CHECK_STR(str_at(d, "state", NULL), "connected");
	CHECK_STR(str_at(d, "identity", "appId"), "org.weft.Test");
	CHECK_STR(str_at(d, "identity", "instance"), instance);
	CHECK_STR(str_at(d, "info", "appName"), "T");
	CHECK_INT(int_at(d, "inspectors", NULL), 0);
	const char *at = str_at(d, "connectedAt", NULL); /* ISO 8601 UTC: 2026-11-30T08:00:00Z */
	CHECK(at && strlen(at) == 20 && at[10] == 'T' && at[19] == 'Z');

	tc_sendf(insp, "{\"id\":2,\"method\":\"Gateway.listDevices\"}");
	json_t *list = tc_reply(insp, 2);
	CHECK_INT(json_array_size(json_object_get(json_object_get(list, "result"), "devices")), 1);

	int status;
	char path[128];
	snprintf(path, sizeof path, "/api/devices/%s", device_id ? device_id : "x");
	json_t *api = http_json("GET", path, NULL, NULL, &status);
	CHECK_INT(status, 200);
	CHECK_STR(str_at(api, "deviceId", NULL), device_id ? device_id : "");
	json_decref(api);
	json_decref(list);
	json_decref(hello);
	json_decref(reply);
	tc_free(insp);
	tc_free(dev);
	down();
}

static void test_first_message_rules(void)
{
	if (!up(NULL)) {
		CHECK(!"the gateway started");
		return;
	}
	/* Device: anything but Gateway.register first gets -32600 and the connection stays open. */
	struct tc *dev = tc_connect(pool, &(struct wsc_options){.path = "/device"});
	tc_sendf(dev, "{\"method\":\"Tree.updated\",\"params\":{}}");
	json_t *e = tc_next(dev, WAIT_MS);
	CHECK_INT(error_code(e), -32600);
	json_decref(e);
	tc_sendf(dev, "{\"id\":9,\"method\":\"Tree.getDocument\",\"params\":{}}");
	e = tc_reply(dev, 9);
	CHECK_INT(error_code(e), -32600);
	json_decref(e);
	CHECK(dev->ws->state == WSC_OPEN);
	/* Register with an unsupported major version: -32004 and the connection is closed. */
	tc_sendf(dev, "{\"id\":2,\"method\":\"Gateway.register\",\"params\":{\"protocolVersion\":2,\"identity\":{"
		      "\"appId\":\"a\"}}}");
	e = tc_reply(dev, 2);
	CHECK_INT(error_code(e), -32004);
	json_decref(e);
	CHECK(wsc_wait_closed(dev->ws, WAIT_MS));
	/* Register without an identity: -32602. */
	struct tc *dev2 = tc_connect(pool, &(struct wsc_options){.path = "/device"});
	tc_sendf(dev2, "{\"id\":3,\"method\":\"Gateway.register\",\"params\":{\"protocolVersion\":1}}");
	e = tc_reply(dev2, 3);
	CHECK_INT(error_code(e), -32602);
	json_decref(e);

	/* Inspector: requests before hello get -32600; a bad major version gets -32004 and a close. */
	struct tc *insp = tc_connect(pool, &(struct wsc_options){.path = "/inspector"});
	tc_sendf(insp, "{\"id\":1,\"method\":\"Gateway.listDevices\"}");
	e = tc_reply(insp, 1);
	CHECK_INT(error_code(e), -32600);
	json_decref(e);
	tc_sendf(insp, "{\"id\":2,\"method\":\"Gateway.hello\",\"params\":{\"protocolVersion\":3}}");
	e = tc_reply(insp, 2);
	CHECK_INT(error_code(e), -32004);
	json_decref(e);
	CHECK(wsc_wait_closed(insp->ws, WAIT_MS));

	/* After hello: unknown gateway methods -32601, device methods without a device -32602,
	 * unknown devices -32000. */
	struct tc *ok = inspector_open(pool);
	tc_sendf(ok, "{\"id\":2,\"method\":\"Gateway.frobnicate\"}");
	e = tc_reply(ok, 2);
	CHECK_INT(error_code(e), -32601);
	json_decref(e);
	tc_sendf(ok, "{\"id\":3,\"method\":\"Tree.getDocument\",\"params\":{}}");
	e = tc_reply(ok, 3);
	CHECK_INT(error_code(e), -32602);
	json_decref(e);
	tc_sendf(ok, "{\"id\":4,\"method\":\"Tree.getDocument\",\"device\":\"d999\",\"params\":{}}");
	e = tc_reply(ok, 4);
	CHECK_INT(error_code(e), -32000);
	json_decref(e);
	tc_sendf(ok, "{\"id\":5,\"method\":\"Gateway.attach\",\"params\":{\"device\":\"nope\"}}");
	e = tc_reply(ok, 5);
	CHECK_INT(error_code(e), -32000);
	json_decref(e);
	tc_free(ok);
	tc_free(insp);
	tc_free(dev2);
	tc_free(dev);
	down();
}

/* ---- routing ---- */

static void test_id_rewriting_between_inspectors(void)
{
	if (!up(NULL)) {
		CHECK(!"the gateway started");
		return;
	}
	struct tc *dev = device_open(pool, "org.weft.Test", test_instance());
	struct tc *a = inspector_open(pool), *b = inspector_open(pool);
	/* Both inspectors use id 7: the device must see two different ids, and each inspector must
	 * get back its own answer under its own id 7 (protocol.md: ids rewritten so each reply
	 * reaches the inspector that asked). */
	tc_sendf(a, "{\"id\":7,\"method\":\"Tree.getElement\",\"device\":\"%s\",\"params\":{\"id\":\"a\"}}", dev->device_id);
	tc_sendf(b, "{\"id\":7,\"method\":\"Tree.getElement\",\"device\":\"%s\",\"params\":{\"id\":\"b\"}}", dev->device_id);
	json_t *r1 = tc_method(dev, "Tree.getElement"), *r2 = tc_method(dev, "Tree.getElement");
	long long g1 = int_at(r1, "id", NULL), g2 = int_at(r2, "id", NULL);
	CHECK(g1 > 0 && g2 > 0 && g1 != g2);
	CHECK(json_object_get(r1, "device") == NULL); /* the device gets no "device" key */
	/* Answer in reverse order, echoing the element id each asked for. */
	tc_sendf(dev, "{\"id\":%lld,\"result\":{\"element\":{\"id\":\"%s\"}}}", g2, str_at(r2, "params", "id"));
	tc_sendf(dev, "{\"id\":%lld,\"result\":{\"element\":{\"id\":\"%s\"}}}", g1, str_at(r1, "params", "id"));
	json_t *ra = tc_reply(a, 7), *rb = tc_reply(b, 7);
	CHECK_STR(str_at(json_object_get(ra, "result"), "element", "id"), "a");
	CHECK_STR(str_at(json_object_get(rb, "result"), "element", "id"), "b");
	CHECK(json_object_get(ra, "device") == NULL); /* replies get no "device" */
	/* An error reply is routed the same way. */
	tc_sendf(a, "{\"id\":12345678901,\"method\":\"Layout.setStyle\",\"device\":\"%s\",\"params\":{}}", dev->device_id);
	json_t *r3 = tc_method(dev, "Layout.setStyle");
	tc_sendf(dev, "{\"id\":%lld,\"error\":{\"code\":-32010,\"message\":\"unknown node\"}}", int_at(r3, "id", NULL));
	json_t *rc = tc_reply(a, 12345678901LL);
	CHECK_INT(error_code(rc), -32010);
	/* A reply nobody waits for is dropped quietly. */
	tc_sendf(dev, "{\"id\":999999,\"result\":{}}");
	CHECK(tc_next(a, 200) == NULL);
	json_decref(r1);
	json_decref(r2);
	json_decref(r3);
	json_decref(ra);
	json_decref(rb);
	json_decref(rc);
	tc_free(a);
	tc_free(b);
	tc_free(dev);
	down();
}

static void test_fanout_and_attach_counts(void)
{
	if (!up(NULL)) {
		CHECK(!"the gateway started");
		return;
	}
	struct tc *d1 = device_open(pool, "org.weft.One", test_instance());
	struct tc *d2 = device_open(pool, "org.weft.Two", test_instance());
	struct tc *a = inspector_open(pool), *b = inspector_open(pool), *c = inspector_open(pool);
	inspector_attach(a, 2, d1->device_id);
	json_t *n = tc_method(d1, "Inspector.attached"); /* count changes are sent to the device */
	CHECK_INT(int_at(n, "params", "count"), 1);
	json_decref(n);
	inspector_attach(b, 2, d1->device_id);
	n = tc_method(d1, "Inspector.attached");
	CHECK_INT(int_at(n, "params", "count"), 2);
	json_decref(n);
	inspector_attach(b, 3, "org.weft.Two"); /* selectors: an appId names its one device */
	n = tc_method(d2, "Inspector.attached");
	CHECK_INT(int_at(n, "params", "count"), 1);
	json_decref(n);

	tc_sendf(d1, "{\"method\":\"Tree.updated\",\"params\":{\"baseRevision\":1,\"revision\":2,\"ops\":[]}}");
	tc_sendf(d2, "{\"method\":\"Tree.updated\",\"params\":{\"baseRevision\":5,\"revision\":6,\"ops\":[]}}");
	/* Events reach every attached inspector with "device" added; others get nothing. */
	json_t *ea = tc_method(a, "Tree.updated");
	CHECK_STR(str_at(ea, "device", NULL), d1->device_id);
	CHECK_INT(int_at(ea, "params", "revision"), 2);
	json_t *eb1 = tc_method(b, "Tree.updated"), *eb2 = tc_method(b, "Tree.updated");
	CHECK(eb1 && eb2);
	const char *devs[2] = {str_at(eb1, "device", NULL), str_at(eb2, "device", NULL)};
	CHECK(devs[0] && devs[1] && strcmp(devs[0], devs[1]) != 0);
	CHECK(tc_next(c, 200) == NULL);
	CHECK(tc_next(a, 100) == NULL); /* a is not attached to d2 */

	tc_sendf(a, "{\"id\":4,\"method\":\"Gateway.detach\",\"params\":{\"device\":\"%s\"}}", d1->device_id);
	json_decref(tc_reply(a, 4));
	n = tc_method(d1, "Inspector.detached");
	CHECK_INT(int_at(n, "params", "count"), 1);
	json_decref(n);
	/* Closing an inspector detaches it too. */
	tc_free(b);
	n = tc_method(d1, "Inspector.detached");
	CHECK_INT(int_at(n, "params", "count"), 0);
	json_decref(n);
	json_decref(ea);
	json_decref(eb1);
	json_decref(eb2);
	tc_free(a);
	tc_free(c);
	tc_free(d1);
	tc_free(d2);
	down();
}

/* ---- device lifecycle ---- */

static void test_restart_rebinds_within_grace(void)
{
	if (!up(NULL)) {
		CHECK(!"the gateway started");
		return;
	}
	const char *instance = test_instance();
	struct tc *dev = device_open(pool, "org.weft.Test", instance);
	char device_id[24];
	snprintf(device_id, sizeof device_id, "%s", dev->device_id);
	struct tc *insp = inspector_open(pool);
	inspector_attach(insp, 2, device_id);
	json_decref(tc_method(dev, "Inspector.attached"));

	/* A pending request fails at once with -32001 when the device goes away. */
	tc_sendf(insp, "{\"id\":3,\"method\":\"Tree.getDocument\",\"device\":\"%s\",\"params\":{}}", device_id);
	json_decref(tc_method(dev, "Tree.getDocument"));
	long long t0 = wsc_now_ms();
	tc_free(dev);
	json_t *failed = tc_reply(insp, 3);
	CHECK_INT(error_code(failed), -32001);
	CHECK(wsc_now_ms() - t0 < 1000);
	json_decref(failed);
	json_t *upd = tc_method(insp, "Gateway.deviceUpdated");
	CHECK_STR(str_at(upd, "params", "state"), "disconnected");
	json_decref(upd);
	/* Requests to a disconnected device fail with -32001; the HTTP API says 503. */
	tc_sendf(insp, "{\"id\":4,\"method\":\"Tree.getDocument\",\"device\":\"%s\",\"params\":{}}", device_id);
	failed = tc_reply(insp, 4);
	CHECK_INT(error_code(failed), -32001);
	json_decref(failed);
	int status;
	char path[128];
	snprintf(path, sizeof path, "/api/devices/%s/snapshot", device_id);
	json_decref(http_json("GET", path, NULL, NULL, &status));
	CHECK_INT(status, 503);

	/* The same identity comes back: same deviceId, told at once that one inspector listens, and
	 * the inspector (still attached) gets deviceUpdated and the device's events. */
	struct tc *again = device_open(pool, "org.weft.Test", instance);
	CHECK_STR(again->device_id, device_id);
	json_t *att = tc_method(again, "Inspector.attached");
	CHECK_INT(int_at(att, "params", "count"), 1);
	json_decref(att);
	upd = tc_method(insp, "Gateway.deviceUpdated");
	CHECK_STR(str_at(upd, "params", "state"), "connected");
	json_decref(upd);
	tc_sendf(again, "{\"method\":\"Tree.updated\",\"params\":{\"baseRevision\":0,\"revision\":1,\"ops\":[]}}");
	json_t *ev = tc_method(insp, "Tree.updated");
	CHECK_STR(str_at(ev, "device", NULL), device_id);
	json_decref(ev);
	tc_free(again);
	tc_free(insp);
	down();
}

static void test_grace_expiry_and_stable_id(void)
{
	if (!up((const char *[]){"--grace", "0.3", NULL})) {
		CHECK(!"the gateway started");
		return;
	}
	const char *instance = test_instance();
	struct tc *dev = device_open(pool, "org.weft.Test", instance);
	char device_id[24];
	snprintf(device_id, sizeof device_id, "%s", dev->device_id);
	struct tc *insp = inspector_open(pool);
	tc_free(dev);
	json_t *removed = tc_method(insp, "Gateway.deviceRemoved");
	CHECK_STR(str_at(removed, "params", "deviceId"), device_id);
	json_decref(removed);
	int status;
	json_t *list = http_json("GET", "/api/devices", NULL, NULL, &status);
	CHECK_INT(json_array_size(json_object_get(list, "devices")), 0);
	json_decref(list);
	/* The identity keeps its id for the gateway's whole life. */
	struct tc *again = device_open(pool, "org.weft.Test", instance);
	CHECK_STR(again->device_id, device_id);
	json_t *added = tc_method(insp, "Gateway.deviceAdded");
	CHECK_STR(str_at(added, "params", "deviceId"), device_id);
	json_decref(added);
	tc_free(again);
	tc_free(insp);
	down();
}

static void test_second_connection_replaces_first(void)
{
	if (!up(NULL)) {
		CHECK(!"the gateway started");
		return;
	}
	const char *instance = test_instance();
	struct tc *first = device_open(pool, "org.weft.Test", instance);
	struct tc *insp = inspector_open(pool);
	tc_sendf(insp, "{\"id\":2,\"method\":\"Tree.getDocument\",\"device\":\"%s\",\"params\":{}}", first->device_id);
	json_decref(tc_method(first, "Tree.getDocument"));
	struct tc *second = device_open(pool, "org.weft.Test", instance);
	CHECK_STR(second->device_id, first->device_id);
	/* The first is closed with 4000 "replaced"; its pending request fails with -32001. */
	CHECK(wsc_wait_closed(first->ws, WAIT_MS));
	CHECK_INT(first->ws->close_code, 4000);
	json_t *failed = tc_reply(insp, 2);
	CHECK_INT(error_code(failed), -32001);
	json_decref(failed);
	json_t *upd = tc_method(insp, "Gateway.deviceUpdated");
	CHECK_STR(str_at(upd, "params", "deviceId"), second->device_id);
	json_decref(upd);
	/* Requests now reach the second connection. */
	tc_sendf(insp, "{\"id\":3,\"method\":\"Runtime.pause\",\"device\":\"%s\",\"params\":{}}", second->device_id);
	json_t *req = tc_method(second, "Runtime.pause");
	CHECK(req != NULL);
	json_decref(req);
	tc_free(first);
	tc_free(second);
	tc_free(insp);
	down();
}

static void test_request_timeout(void)
{
	if (!up((const char *[]){"--request-timeout", "0.3", NULL})) {
		CHECK(!"the gateway started");
		return;
	}
	struct tc *dev = device_open(pool, "org.weft.Test", test_instance());
	struct tc *insp = inspector_open(pool);
	long long t0 = wsc_now_ms();
	tc_sendf(insp, "{\"id\":2,\"method\":\"Tree.getDocument\",\"device\":\"%s\",\"params\":{}}", dev->device_id);
	json_t *req = tc_method(dev, "Tree.getDocument"); /* the device never answers */
	json_t *reply = tc_reply(insp, 2);
	long long elapsed = wsc_now_ms() - t0;
	CHECK_INT(error_code(reply), -32002);
	CHECK(elapsed >= 250 && elapsed < 2000);
	/* The late answer is dropped. */
	tc_sendf(dev, "{\"id\":%lld,\"result\":{}}", int_at(req, "id", NULL));
	CHECK(tc_next(insp, 200) == NULL);
	/* The HTTP API answers a time-out with 504. */
	int status;
	char path[128];
	snprintf(path, sizeof path, "/api/devices/%s/snapshot", dev->device_id);
	json_t *j = http_json("GET", path, NULL, NULL, &status);
	CHECK_INT(status, 504);
	CHECK_INT(int_at(json_object_get(j, "error"), "code", NULL), -32002);
	json_decref(j);
	json_decref(req);
	json_decref(reply);
	tc_free(dev);
	tc_free(insp);
	down();
}

int main(int argc, char **argv)
{
	test_filter = argc > 1 ? argv[1] : NULL;
	signal(SIGPIPE, SIG_IGN);
	RUN(test_healthz_and_empty_list);
	RUN(test_register_hello_and_list);
	RUN(test_first_message_rules);
	RUN(test_id_rewriting_between_inspectors);
	RUN(test_fanout_and_attach_counts);
	RUN(test_restart_rebinds_within_grace);
	RUN(test_grace_expiry_and_stable_id);
	RUN(test_second_connection_replaces_first);
	RUN(test_request_timeout);
	return check_summary();
}
