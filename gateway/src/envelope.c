#include "envelope.h"

#include <stdio.h>
#include <string.h>

struct cursor {
	const char *s;
	size_t i, end; /* end = min(len, ENVELOPE_HEAD_MAX) */
};

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static void skip_space(struct cursor *c)
{
	while (c->i < c->end && is_space(c->s[c->i]))
		c->i++;
}

static bool at(struct cursor *c, char ch) { return c->i < c->end && c->s[c->i] == ch; }

/* A JSON string starting at the cursor's quote; sets [*start, *start + *len) to its raw contents. */
static bool read_string(struct cursor *c, size_t *start, size_t *len)
{
	if (!at(c, '"'))
		return false;
	c->i++;
	*start = c->i;
	while (c->i < c->end) {
		char ch = c->s[c->i];
		if (ch == '\\') {
			c->i += 2;
			continue;
		}
		if ((unsigned char)ch < 0x20)
			return false;
		if (ch == '"') {
			*len = c->i - *start;
			c->i++;
			return true;
		}
		c->i++;
	}
	return false;
}

/* A scalar: string, number, true, false or null. */
static bool skip_scalar(struct cursor *c)
{
	size_t start, len;
	if (at(c, '"'))
		return read_string(c, &start, &len);
	size_t begin = c->i;
	while (c->i < c->end && (c->s[c->i] == '-' || c->s[c->i] == '+' || c->s[c->i] == '.' ||
				 (c->s[c->i] >= '0' && c->s[c->i] <= '9') ||
				 (c->s[c->i] >= 'a' && c->s[c->i] <= 'z') || c->s[c->i] == 'E'))
		c->i++;
	if (c->i == begin || c->i == c->end)
		return false;
	size_t n = c->i - begin;
	const char *w = c->s + begin;
	if ((n == 4 && (!memcmp(w, "true", 4) || !memcmp(w, "null", 4))) || (n == 5 && !memcmp(w, "false", 5)))
		return true;
	return (w[0] == '-' || (w[0] >= '0' && w[0] <= '9'));
}

/* A positive or negative integer id of at most 18 digits. */
static bool read_integer(struct cursor *c, long long *out)
{
	bool negative = at(c, '-');
	if (negative)
		c->i++;
	long long v = 0;
	size_t digits = 0;
	while (c->i < c->end && c->s[c->i] >= '0' && c->s[c->i] <= '9') {
		v = v * 10 + (c->s[c->i] - '0');
		c->i++;
		if (++digits > 18)
			return false;
	}
	if (digits == 0 || c->i == c->end)
		return false;
	char next = c->s[c->i];
	if (next == '.' || next == 'e' || next == 'E')
		return false;
	*out = negative ? -v : v;
	return true;
}

static bool key_is(const char *s, size_t start, size_t len, const char *name)
{
	return strlen(name) == len && memcmp(s + start, name, len) == 0;
}

static enum envelope_kind classify(struct envelope *e)
{
	if (e->body == BODY_RESULT || e->body == BODY_ERROR)
		e->kind = e->has_id ? ENVELOPE_REPLY : ENVELOPE_INVALID;
	else if (e->method_len > 0)
		e->kind = e->has_id ? ENVELOPE_REQUEST : ENVELOPE_EVENT;
	else
		e->kind = ENVELOPE_INVALID;
	return e->kind;
}

enum envelope_kind envelope_scan(const char *data, size_t len, struct envelope *e)
{
	*e = (struct envelope){.kind = ENVELOPE_INVALID};
	struct cursor c = {.s = data, .i = 0, .end = len < ENVELOPE_HEAD_MAX ? len : ENVELOPE_HEAD_MAX};
	skip_space(&c);
	if (!at(&c, '{'))
		return ENVELOPE_INVALID;
	e->open = c.i++;
	skip_space(&c);
	if (at(&c, '}')) {
		e->empty = true;
		return ENVELOPE_INVALID;
	}
	for (;;) {
		size_t key_quote = c.i, key, key_len;
		if (!read_string(&c, &key, &key_len))
			return ENVELOPE_INVALID;
		skip_space(&c);
		if (!at(&c, ':'))
			return ENVELOPE_INVALID;
		c.i++;
		skip_space(&c);
		if (c.i >= c.end)
			return ENVELOPE_INVALID;
		if (key_is(data, key, key_len, "params") || key_is(data, key, key_len, "result") ||
		    key_is(data, key, key_len, "error")) {
			e->body = data[key] == 'p' ? BODY_PARAMS : data[key] == 'r' ? BODY_RESULT : BODY_ERROR;
			e->body_value = c.i;
			return classify(e);
		}
		if (key_is(data, key, key_len, "id")) {
			e->id_value = c.i;
			if (e->has_id || !read_integer(&c, &e->id))
				return ENVELOPE_INVALID;
			e->has_id = true;
			e->id_key = key_quote;
			e->id_end = c.i;
		} else if (key_is(data, key, key_len, "method")) {
			if (!read_string(&c, &e->method, &e->method_len) || e->method_len == 0)
				return ENVELOPE_INVALID;
		} else if (key_is(data, key, key_len, "device")) {
			size_t s, l;
			if (!read_string(&c, &s, &l))
				return ENVELOPE_INVALID;
			e->has_device = true;
		} else if (at(&c, '{') || at(&c, '[')) {
			return classify(e); /* an unknown structured member: the envelope keys are behind us */
		} else if (!skip_scalar(&c)) {
			return ENVELOPE_INVALID;
		}
		skip_space(&c);
		if (at(&c, ',')) {
			c.i++;
			skip_space(&c);
			if (e->has_id && e->id_next == 0)
				e->id_next = c.i;
			continue;
		}
		if (at(&c, '}'))
			return classify(e);
		return ENVELOPE_INVALID;
	}
}

bool envelope_method_is(const char *data, const struct envelope *e, const char *name)
{
	return key_is(data, e->method, e->method_len, name);
}

bool envelope_insert_member(struct msg *m, const struct envelope *e, const char *member, size_t len)
{
	size_t add = 1 + len + (e->empty ? 0 : 1); /* '{' member ',' */
	if (add > msg_headroom(m) + e->open + 1)
		return false;
	char *start = m->data + e->open + 1 - add;
	start[0] = '{';
	memcpy(start + 1, member, len);
	if (!e->empty)
		start[1 + len] = ',';
	m->len = m->len - (e->open + 1) + add;
	m->data = start;
	return true;
}

bool envelope_rewrite_id(struct msg *m, const struct envelope *e, long long new_id)
{
	char digits[24];
	int n = snprintf(digits, sizeof digits, "%lld", new_id);
	size_t tl = (size_t)n, old = e->id_end - e->id_value;
	if (tl > old && tl - old > msg_headroom(m))
		return false;
	char *new_start = m->data + e->id_end - tl - e->id_value;
	memmove(new_start, m->data, e->id_value);
	memcpy(new_start + e->id_value, digits, tl);
	m->len = m->len - old + tl;
	m->data = new_start;
	return true;
}

bool envelope_remove_id(struct msg *m, const struct envelope *e)
{
	if (!e->has_id || e->id_next == 0)
		return false;
	size_t cut = e->id_next - e->id_key;
	memmove(m->data + cut, m->data, e->id_key);
	m->data += cut;
	m->len -= cut;
	return true;
}

bool envelope_body_slice(const char *data, size_t len, const struct envelope *e, size_t *start, size_t *slice_len)
{
	if (e->body == BODY_NONE)
		return false;
	size_t end = len;
	while (end > e->body_value && is_space(data[end - 1]))
		end--;
	if (end <= e->body_value || data[end - 1] != '}')
		return false;
	end--;
	while (end > e->body_value && is_space(data[end - 1]))
		end--;
	if (end <= e->body_value)
		return false;
	*start = e->body_value;
	*slice_len = end - e->body_value;
	return true;
}
