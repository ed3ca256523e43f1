#include "reply_check.h"

#include "http_api.h"

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

void reply_check_start(struct reply_check *c, int http_mode, const struct envelope *e)
{
	bool result = http_mode == HTTP_SNAPSHOT && e->body == BODY_RESULT;
	size_t from = result ? e->body_value : 0;
	c->scope = result ? CHECK_RESULT : CHECK_WHOLE_REPLY;
	c->from = c->seen = c->fed = from;
	c->held_brace = 0;
	json_checker_init(&c->checker);
}

/* CHECK_RESULT: where the bytes that may be the Snapshot's end begin, now that data[seen, len)
 * has arrived. Held back are the whitespace at the end and, when a '}' comes before it, that '}'
 * and the whitespace before it: the reply's last '}' and what surrounds it are not the
 * Snapshot's. Only the new bytes are looked at, so whitespace that keeps arriving is not read
 * again and again. */
static size_t snapshot_so_far(struct reply_check *c, const char *data, size_t len)
{
	size_t i = len, upto = c->fed;
	while (i > c->seen && is_space(data[i - 1]))
		i--;
	if (i > c->seen && data[i - 1] != '}') { /* it ends in a byte of the Snapshot */
		upto = i;
		c->held_brace = 0;
	} else if (i > c->seen) { /* it ends in a '}' that may be the last */
		size_t brace = i - 1, j = brace;
		while (j > c->seen && is_space(data[j - 1]))
			j--;
		if (j > c->seen)
			upto = j; /* a byte of the Snapshot comes before the '}' and its whitespace */
		else if (c->held_brace)
			upto = c->held_brace + 1; /* the '}' held back is not the last: it is the Snapshot's */
		c->held_brace = brace;
	}
	c->seen = len;
	return upto;
}

void reply_check_feed(struct reply_check *c, const char *data, size_t len)
{
	if ((c->scope != CHECK_WHOLE_REPLY && c->scope != CHECK_RESULT) || len <= c->seen)
		return;
	size_t upto = c->scope == CHECK_RESULT ? snapshot_so_far(c, data, len) : (c->seen = len);
	if (upto > c->fed) {
		json_checker_feed(&c->checker, data + c->fed, upto - c->fed);
		c->fed = upto;
	}
}

bool reply_check_finish(struct reply_check *c, const char *data, size_t len, struct json_check_error *err)
{
	reply_check_feed(c, data, len);
	bool no_brace = c->scope == CHECK_RESULT && !c->held_brace;
	if (no_brace && len > c->fed) /* the reply ends without its '}': its whitespace counts too */
		json_checker_feed(&c->checker, data + c->fed, len - c->fed);
	bool ok = json_checker_finish(&c->checker, err);
	if (ok && no_brace) {
		/* A whole result with no '}' after it: the reply, an object, is still open. */
		*err = (struct json_check_error){.offset = len - c->from,
						 .reason = "expected ',' or '}' after an object member"};
		ok = false;
	}
	if (!ok)
		err->offset += c->from;
	return ok;
}
