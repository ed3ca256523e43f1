/* libFuzzer target for the gateway's message handler: each input is one message, delivered (by
 * its first byte) to a fresh relay as a registered device, an unregistered device, an inspector
 * that said hello, a new inspector, or an HTTP API request body / path. Whatever arrives must
 * give an answer or be dropped, never crash, leak or trip a sanitizer. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "devtools.h"
#include "http_api.h"
#include "log.h"
#include "relay.h"

static void wake(void *ctx, struct peer *p)
{
	(void)ctx;
	(void)p;
}

static void close_peer(void *ctx, struct peer *p)
{
	(void)ctx;
	(void)p;
}

static void http_reply(void *ctx, struct peer *p, struct msg *reply, const struct envelope *e, struct peer *from,
		       int code, const char *message)
{
	(void)ctx;
	(void)from;
	struct http_response resp = {0};
	http_api_answer(p, reply, e, code, message, NULL, &resp);
	msg_unref(resp.body);
}

static void say(struct relay *r, struct peer *p, const char *text, size_t len, long long now)
{
	relay_receive(r, p, msg_from(text, len), now);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	log_threshold = LOG_ERROR;
	struct relay r;
	struct relay_config cfg = {.queue_limit = 4096,
				   .max_message = 1 << 16,
				   .request_timeout_us = 1000,
				   .grace_us = 1000};
	struct relay_hooks hooks = {.wake = wake, .close = close_peer, .http_reply = http_reply};
	relay_init(&r, &cfg, &hooks);
	struct peer *dev = relay_open(&r, PEER_DEVICE, NULL, "dev");
	static const char reg[] = "{\"id\":1,\"method\":\"Gateway.register\",\"params\":{\"protocolVersion\":1,"
				  "\"identity\":{\"appId\":\"a\",\"instance\":\"i\"}}}";
	say(&r, dev, reg, sizeof reg - 1, 0);
	struct peer *insp = relay_open(&r, PEER_INSPECTOR, NULL, "insp");
	static const char hello[] = "{\"id\":1,\"method\":\"Gateway.hello\",\"params\":{\"protocolVersion\":1}}";
	say(&r, insp, hello, sizeof hello - 1, 0);
	static const char attach[] = "{\"id\":2,\"method\":\"Gateway.attach\",\"params\":{\"device\":\"a@i\"}}";
	say(&r, insp, attach, sizeof attach - 1, 0);
	static const char ask[] = "{\"id\":3,\"method\":\"Tree.getDocument\",\"device\":\"a@i\"}";
	say(&r, insp, ask, sizeof ask - 1, 0); /* gid 1 is pending: a fuzzed reply may match it */
	struct peer *devtools = relay_open(&r, PEER_DEVTOOLS, NULL, "devtools");
	devtools_bind(&r, devtools, "d1", 0); /* its session may be named by a fuzzed DevTools.event */

	const char *msg = (const char *)data + 1;
	size_t len = size - 1;
	switch (data[0] % 6) {
	case 0:
		say(&r, dev, msg, len, 1);
		break;
	case 1:
		say(&r, relay_open(&r, PEER_DEVICE, NULL, "new"), msg, len, 1);
		break;
	case 2:
		say(&r, insp, msg, len, 1);
		break;
	case 3:
		say(&r, relay_open(&r, PEER_INSPECTOR, NULL, "new"), msg, len, 1);
		break;
	case 4: {
		struct peer *http = relay_open(&r, PEER_HTTP, NULL, "http");
		char path[128];
		size_t n = len < 64 ? len : 64;
		memcpy(path, "/api/devices/", 13);
		for (size_t i = 0; i < n; i++)
			path[13 + i] = msg[i] ? msg[i] : '_';
		path[13 + n] = '\0';
		struct http_response resp = {0};
		if (http_api_handle(&r, http, data[0] & 0x80 ? "POST" : "GET", path, msg, len, 1, &resp))
			msg_unref(resp.body);
		break;
	}
	case 5:
		say(&r, devtools, msg, len, 1);
		break;
	}
	relay_tick(&r, 5000); /* time-outs and grace expiry */
	relay_free(&r);
	return 0;
}
