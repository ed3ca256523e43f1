#include "envelope.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "json_check.h"

/* The head being read: data[0, end), end = min(len, ENVELOPE_HEAD_MAX). Every token is read by
 * json_check's scanners, so the head obeys the same JSON rules as any body the gateway checks
 * (no "01", "1.2.3", bad escapes or bad UTF-8), and a fault says where and why. */
struct head {
	const char *s;
	size_t i, end;
	struct envelope *e;
};

_Static_assert(ENVELOPE_HEAD_MAX == 256, "the fault text below names the bound");
#define HEAD_TOO_LONG "the envelope keys must come within the first 256 bytes"

static inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Heads are mostly written compactly: json_skip_space is called only where there is some. */
static inline void skip_space(struct head *h)
{
	if (h->i < h->end && is_space(h->s[h->i]))
		h->i = json_skip_space(h->s, h->end, h->i);
}

static inline bool at(const struct head *h, char ch) { return h->i < h->end && h->s[h->i] == ch; }

/* Records why the head cannot be read; returns false. */
static bool refuse(struct head *h, size_t offset, const char *reason)
{
	h->e->fault = (struct json_check_error){.offset = offset, .reason = reason};
	return false;
}

static bool key_is(const char *s, size_t start, size_t len, const char *name)
{
	return strlen(name) == len && memcmp(s + start, name, len) == 0;
}

/* The id: a JSON number that is an integer of at most 18 digits (docs/protocol.md, Envelope). */
static bool read_id(struct head *h)
{
	struct envelope *e = h->e;
	size_t start = h->i;
	if (!at(h, '-') && !(h->i < h->end && h->s[h->i] >= '0' && h->s[h->i] <= '9'))
		return refuse(h, start, "\"id\" must be an integer");
	if (!json_scan_number(h->s, h->end, &h->i, &e->fault))
		return false;
	bool negative = h->s[start] == '-';
	long long v = 0;
	for (size_t k = start + negative; k < h->i; k++) {
		char ch = h->s[k];
		if (ch < '0' || ch > '9')
			return refuse(h, k, "\"id\" must be an integer");
		if (k - start - negative == 18)
			return refuse(h, start, "\"id\" has more than 18 digits");
		v = v * 10 + (ch - '0');
	}
	e->id = negative ? -v : v;
	e->id_value = start;
	e->id_end = h->i;
	return true;
}

/* A string (a key, "method" or "device"); sets [*start, *start + *len) to its raw contents.
 * not_string is the fault when it is no string at all. */
static inline bool read_string(struct head *h, const char *not_string, size_t *start, size_t *len)
{
	size_t quote = h->i;
	if (!json_scan_string(h->s, h->end, &h->i, &h->e->fault))
		return at(h, '"') ? false : refuse(h, quote, not_string); /* a broken string keeps its fault */
	*start = quote + 1;
	*len = h->i - quote - 2;
	return true;
}

/* One member's value, its key [key, key + key_len) read: the envelope keys are recorded, other
 * scalars skipped. */
static bool read_member(struct head *h, size_t key_quote, size_t key, size_t key_len)
{
	struct envelope *e = h->e;
	const char *s = h->s;
	if (key_is(s, key, key_len, "id")) {
		if (e->has_id)
			return refuse(h, key_quote, "duplicate \"id\"");
		e->has_id = true;
		e->id_key = key_quote;
		return read_id(h);
	}
	if (key_is(s, key, key_len, "method")) {
		size_t quote = h->i;
		if (!read_string(h, "\"method\" must be a string", &e->method, &e->method_len))
			return false;
		return e->method_len > 0 || refuse(h, quote, "\"method\" must not be empty");
	}
	if (key_is(s, key, key_len, "device")) {
		size_t start, len;
		return read_string(h, "\"device\" must be a string", &start, &len);
	}
	return json_scan_scalar(s, h->end, &h->i, &e->fault);
}

/* Reads the members up to the first body key, structured member or the closing brace, whose
 * offset it stores in *stop. */
static bool read_head(struct head *h, size_t *stop)
{
	struct envelope *e = h->e;
	const char *s = h->s;
	skip_space(h);
	if (!at(h, '{'))
		return refuse(h, h->i, "expected '{': a message is a JSON object");
	e->open = h->i++;
	skip_space(h);
	if (at(h, '}')) {
		e->empty = true;
		*stop = h->i;
		return true;
	}
	for (;;) {
		size_t key_quote = h->i, key, key_len;
		if (!read_string(h, "expected '\"' to open an object key", &key, &key_len))
			return false;
		skip_space(h);
		if (!at(h, ':'))
			return refuse(h, h->i, "expected ':' after an object key");
		h->i++;
		skip_space(h);
		if (key_is(s, key, key_len, "params") || key_is(s, key, key_len, "result") ||
		    key_is(s, key, key_len, "error")) {
			e->body = s[key] == 'p' ? BODY_PARAMS : s[key] == 'r' ? BODY_RESULT : BODY_ERROR;
			e->body_value = h->i;
			*stop = key_quote;
			return true;
		}
		if (at(h, '{') || at(h, '[')) { /* an unknown structured member: the envelope keys are behind us */
			*stop = h->i;
			return true;
		}
		if (!read_member(h, key_quote, key, key_len))
			return false;
		skip_space(h);
		if (at(h, ',')) {
			h->i++;
			skip_space(h);
			if (e->has_id && e->id_next == 0)
				e->id_next = h->i;
			continue;
		}
		if (at(h, '}')) {
			*stop = h->i;
			return true;
		}
		return refuse(h, h->i, "expected ',' or '}' after an object member");
	}
}

/* The kind of a head read up to offset stop. */
static enum envelope_kind classify(struct head *h, size_t stop)
{
	struct envelope *e = h->e;
	if (e->body == BODY_RESULT || e->body == BODY_ERROR) {
		if (e->has_id)
			return ENVELOPE_REPLY;
		refuse(h, stop, "a \"result\" or \"error\" needs an \"id\" before it");
	} else if (e->method_len > 0) {
		return e->has_id ? ENVELOPE_REQUEST : ENVELOPE_EVENT;
	} else {
		refuse(h, stop, "expected \"method\", or \"id\" with \"result\" or \"error\"");
	}
	return ENVELOPE_INVALID;
}

enum envelope_kind envelope_scan(const char *data, size_t len, struct envelope *e)
{
	*e = (struct envelope){.kind = ENVELOPE_INVALID};
	struct head h = {.s = data, .i = 0, .end = len < ENVELOPE_HEAD_MAX ? len : ENVELOPE_HEAD_MAX, .e = e};
	size_t stop;
	if (read_head(&h, &stop))
		e->kind = classify(&h, stop);
	/* A token cut off by the bound (a UTF-8 character of up to 4 bytes shows as broken up to 3
	 * bytes before it) means the envelope keys did not fit, whatever else the token holds. */
	else if (h.end < len && e->fault.offset + 3 >= h.end)
		e->fault = (struct json_check_error){.offset = h.end, .reason = HEAD_TOO_LONG};
	return e->kind;
}

/* The end (past the closing quote) of the string whose opening quote is at q, searching from
 * from; SIZE_MAX when it does not end within len. A quote ends it when an even number of
 * backslashes precede it. */
static size_t string_end(const char *data, size_t len, size_t q, size_t from)
{
	for (size_t i = from; i < len;) {
		const char *quote = memchr(data + i, '"', len - i);
		if (!quote)
			return SIZE_MAX;
		size_t at = (size_t)(quote - data), slashes = 0;
		while (at - slashes > q + 1 && data[at - slashes - 1] == '\\')
			slashes++;
		if (slashes % 2 == 0)
			return at + 1;
		i = at + 1;
	}
	return SIZE_MAX;
}

enum member_key { KEY_ID = 1, KEY_METHOD = 2, KEY_PARAMS = 4, KEY_RESULT = 8, KEY_ERROR = 16 };

static bool members_refuse(struct envelope_members *k, size_t offset, const char *reason)
{
	k->failed = true;
	k->fault = (struct json_check_error){.offset = offset, .reason = reason};
	return false;
}

/* A top-level member name, its quote at q and its raw text [q + 1, q + 1 + n): the rules that need
 * no head. */
static bool member_name(struct envelope_members *k, const char *data, size_t q, size_t n)
{
	static const struct {
		const char *name;
		unsigned bit;
	} routed[] = {{"id", KEY_ID},
		      {"method", KEY_METHOD},
		      {"params", KEY_PARAMS},
		      {"result", KEY_RESULT},
		      {"error", KEY_ERROR}};
	const unsigned bodies = KEY_PARAMS | KEY_RESULT | KEY_ERROR;
	if (memchr(data + q + 1, '\\', n))
		return members_refuse(k, q, "a top-level member name has an escape");
	if (key_is(data, q + 1, n, "device"))
		return members_refuse(k, q, "devices do not send \"device\"");
	for (size_t r = 0; r < sizeof routed / sizeof routed[0]; r++) {
		if (!key_is(data, q + 1, n, routed[r].name))
			continue;
		unsigned bit = routed[r].bit;
		if (k->seen & bit)
			return members_refuse(k, q, "a member the gateway routes appears twice");
		if ((bit & bodies) && (k->seen & bodies))
			return members_refuse(k, q, "more than one of \"params\", \"result\" and \"error\"");
		k->seen |= bit;
		if (bit == KEY_ID)
			k->id_at = q;
		if (bit == KEY_METHOD)
			k->method_at = q;
	}
	return true;
}

void envelope_members_init(struct envelope_members *k) { *k = (struct envelope_members){0}; }

void envelope_members_feed(struct envelope_members *k, const char *data, size_t len)
{
	size_t i = k->pos;
	while (i < len && !k->failed) {
		if (k->in_string) {
			size_t end = string_end(data, len, k->string_start, i);
			if (end == SIZE_MAX) {
				i = len;
				break;
			}
			k->in_string = false;
			if (k->in_name)
				member_name(k, data, k->string_start, end - k->string_start - 2);
			i = end;
			continue;
		}
		char c = data[i];
		if (c == '"') {
			k->in_string = true;
			k->in_name = k->depth == 1 && k->name_next;
			k->name_next = false;
			k->string_start = i;
		} else if (c == '{' || c == '[') {
			k->depth++;
			k->name_next = k->depth == 1 && c == '{';
		} else if (c == '}' || c == ']') {
			k->depth -= k->depth > 0;
		} else if (c == ',' && k->depth == 1) {
			k->name_next = true;
		}
		i++;
	}
	k->pos = i;
}

bool envelope_members_finish(struct envelope_members *k, const char *data, size_t len, const struct envelope *e,
			     struct json_check_error *fault)
{
	envelope_members_feed(k, data, len);
	if (!k->failed && (k->seen & KEY_ID) && !e->has_id)
		members_refuse(k, k->id_at, "\"id\" and \"method\" come before the body");
	if (!k->failed && (k->seen & KEY_METHOD) && e->method_len == 0)
		members_refuse(k, k->method_at, "\"id\" and \"method\" come before the body");
	if (k->failed)
		*fault = k->fault;
	return !k->failed;
}

bool envelope_check_members(const char *data, size_t len, const struct envelope *e, struct json_check_error *fault)
{
	struct envelope_members k;
	envelope_members_init(&k);
	return envelope_members_finish(&k, data, len, e, fault);
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
