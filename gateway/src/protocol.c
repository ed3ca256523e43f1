#include "protocol.h"

#include <time.h>

json_t *error_object(int code, const char *message, json_t *data)
{
	json_t *e = json_pack("{s:i, s:s}", "code", code, "message", message);
	if (e && data)
		json_object_set_new(e, "data", data);
	else
		json_decref(data);
	return e;
}

struct msg *msg_from_json(const json_t *j)
{
	if (!j)
		return NULL;
	size_t size = json_dumpb(j, NULL, 0, JSON_COMPACT);
	struct msg *m = size ? msg_new(size) : NULL;
	if (!m)
		return NULL;
	m->len = json_dumpb(j, m->data, size, JSON_COMPACT);
	m->data[m->len] = '\0';
	return m;
}

static struct msg *envelope(json_t *j)
{
	struct msg *m = msg_from_json(j);
	json_decref(j);
	return m;
}

struct msg *reply_error(long long id, int code, const char *message, json_t *data)
{
	json_t *reply = json_object();
	json_object_set_new(reply, "id", id ? json_integer(id) : json_null());
	json_object_set_new(reply, "error", error_object(code, message, data));
	return envelope(reply);
}

struct msg *reply_result(long long id, json_t *result)
{
	json_t *reply = json_object();
	json_object_set_new(reply, "id", json_integer(id));
	json_object_set_new(reply, "result", result ? result : json_object());
	return envelope(reply);
}

struct msg *event_message(const char *method, json_t *params)
{
	json_t *event = json_object();
	json_object_set_new(event, "method", json_string(method));
	json_object_set_new(event, "params", params ? params : json_object());
	return envelope(event);
}

long long wall_clock_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
