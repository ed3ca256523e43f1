#include "json_check.h"

#include <stdint.h>

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

struct scan {
	const unsigned char *s;
	size_t i, len;
	struct json_check_error *err;
};

/* What the loop of json_check looks for next. */
enum expect {
	EXPECT_VALUE,      /* a value: at the start, after '[', ',' in an array, or ':' */
	EXPECT_KEY,        /* an object's key string: after '{' or ',' in an object */
	EXPECT_AFTER_VALUE /* ',' or the closing bracket of the open container, or the end */
};

/* 1 for the bytes a string holds as they are: printable ASCII but '"' and '\\'. The loop over
 * them is where a snapshot spends its time, so it is one table load per byte. */
static const unsigned char plain_in_string[256] = {
	['\x20'] = 1, ['!'] = 1, ['#'] = 1, ['$'] = 1, ['%'] = 1, ['&'] = 1, ['\''] = 1, ['('] = 1,
	[')'] = 1, ['*'] = 1, ['+'] = 1, [','] = 1, ['-'] = 1, ['.'] = 1, ['/'] = 1, ['0'] = 1,
	['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1,
	['9'] = 1, [':'] = 1, [';'] = 1, ['<'] = 1, ['='] = 1, ['>'] = 1, ['?'] = 1, ['@'] = 1,
	['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1,
	['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1,
	['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1,
	['Y'] = 1, ['Z'] = 1, ['['] = 1, [']'] = 1, ['^'] = 1, ['_'] = 1, ['`'] = 1, ['a'] = 1,
	['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1,
	['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1,
	['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1,
	['z'] = 1, ['{'] = 1, ['|'] = 1, ['}'] = 1, ['~'] = 1, ['\x7f'] = 1,
};

static bool fail(struct scan *c, size_t at, const char *reason)
{
	c->err->offset = at;
	c->err->reason = reason;
	return false;
}

static bool is_digit(unsigned char ch) { return ch >= '0' && ch <= '9'; }

static bool is_hex(unsigned char ch)
{
	return is_digit(ch) || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
}

static bool at(const struct scan *c, size_t i, unsigned char ch) { return i < c->len && c->s[i] == ch; }

size_t json_skip_space(const char *data, size_t len, size_t pos)
{
	while (pos < len && (data[pos] == ' ' || data[pos] == '\n' || data[pos] == '\r' || data[pos] == '\t'))
		pos++;
	return pos;
}

static void skip_space(struct scan *c) { c->i = json_skip_space((const char *)c->s, c->len, c->i); }

/* The length of the well-formed UTF-8 sequence at i (Unicode, table 3-7: no overlong forms, no
 * surrogates, nothing above U+10FFFF), or 0. */
static size_t utf8_length(const struct scan *c, size_t i)
{
	unsigned char lead = c->s[i], lo = 0x80, hi = 0xBF;
	size_t n;
	if (lead >= 0xC2 && lead <= 0xDF) {
		n = 2;
	} else if (lead >= 0xE0 && lead <= 0xEF) {
		n = 3;
		if (lead == 0xE0)
			lo = 0xA0; /* overlong below U+0800 */
		if (lead == 0xED)
			hi = 0x9F; /* the surrogates U+D800..DFFF */
	} else if (lead >= 0xF0 && lead <= 0xF4) {
		n = 4;
		if (lead == 0xF0)
			lo = 0x90; /* overlong below U+10000 */
		if (lead == 0xF4)
			hi = 0x8F; /* above U+10FFFF */
	} else {
		return 0; /* a continuation byte, C0, C1 or F5..FF cannot start a sequence */
	}
	for (size_t k = 1; k < n; k++) {
		if (i + k >= c->len || c->s[i + k] < lo || c->s[i + k] > hi)
			return 0;
		lo = 0x80; /* only the second byte has a narrower range */
		hi = 0xBF;
	}
	return n;
}

/* The code unit of the \uXXXX escape whose backslash is at i (the u already seen). */
static bool hex_escape(struct scan *c, size_t i, unsigned *unit)
{
	*unit = 0;
	for (size_t k = i + 2; k < i + 6; k++) {
		if (k >= c->len || !is_hex(c->s[k]))
			return fail(c, k < c->len ? k : c->len, "expected four hex digits after \\u");
		unsigned char h = c->s[k];
		*unit = *unit * 16 + (unsigned)(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
	}
	return true;
}

/* The escape whose backslash is at *i; moves *i past it (and past the low half of a surrogate
 * pair). */
static bool escape(struct scan *c, size_t *i)
{
	size_t at_slash = *i;
	if (at_slash + 1 >= c->len)
		return fail(c, c->len, "unterminated string (expected an escape, then '\"')");
	switch (c->s[at_slash + 1]) {
	case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
		*i += 2;
		return true;
	case 'u':
		break;
	default:
		return fail(c, at_slash + 1, "invalid escape (expected one of \" \\ / b f n r t u after \\)");
	}
	unsigned unit;
	if (!hex_escape(c, at_slash, &unit))
		return false;
	*i += 6;
	if (unit >= 0xDC00 && unit <= 0xDFFF)
		return fail(c, at_slash, "unpaired low surrogate escape (\\uDC00-\\uDFFF)");
	if (unit < 0xD800 || unit > 0xDBFF)
		return true;
	/* UTF-16 in escapes: a high surrogate needs an escaped low one next. The grammar alone
	 * allows it unpaired (RFC 8259, 8.2), but then it encodes no character, and jansson and
	 * WeftSnapshot's reader refuse it. */
	if (*i >= c->len || (at(c, *i, '\\') && *i + 1 >= c->len))
		return fail(c, c->len, "unterminated string (expected a low surrogate escape)");
	unsigned low = 0;
	if (at(c, *i, '\\') && at(c, *i + 1, 'u') && !hex_escape(c, *i, &low))
		return false;
	if (low < 0xDC00 || low > 0xDFFF)
		return fail(c, at_slash, "unpaired high surrogate escape (expected \\uDC00-\\uDFFF next)");
	*i += 6;
	return true;
}

/* A string whose opening quote is at c->i; leaves c->i past its closing quote. */
static bool string(struct scan *c)
{
	size_t i = c->i + 1;
	for (;;) {
		while (i < c->len && plain_in_string[c->s[i]])
			i++;
		if (i >= c->len)
			return fail(c, c->len, "unterminated string (expected '\"')");
		unsigned char ch = c->s[i];
		if (ch == '"') {
			c->i = i + 1;
			return true;
		}
		if (ch == '\\') {
			if (!escape(c, &i))
				return false;
			continue;
		}
		if (ch < 0x20)
			return fail(c, i, "control character in a string (it must be escaped)");
		size_t n = utf8_length(c, i);
		if (n == 0)
			return fail(c, i, "invalid UTF-8 in a string");
		i += n;
	}
}

/* A number (RFC 8259, 6) starting at c->i, which holds '-' or a digit. */
static bool number(struct scan *c)
{
	size_t i = c->i;
	if (c->s[i] == '-')
		i++;
	if (i >= c->len || !is_digit(c->s[i]))
		return fail(c, i, "expected a digit after '-'");
	if (c->s[i] == '0') {
		i++;
		if (i < c->len && is_digit(c->s[i]))
			return fail(c, i, "leading zero in a number");
	} else {
		while (i < c->len && is_digit(c->s[i]))
			i++;
	}
	if (at(c, i, '.')) {
		i++;
		if (i >= c->len || !is_digit(c->s[i]))
			return fail(c, i, "expected a digit after the decimal point");
		while (i < c->len && is_digit(c->s[i]))
			i++;
	}
	if (at(c, i, 'e') || at(c, i, 'E')) {
		i++;
		if (at(c, i, '+') || at(c, i, '-'))
			i++;
		if (i >= c->len || !is_digit(c->s[i]))
			return fail(c, i, "expected a digit in the exponent");
		while (i < c->len && is_digit(c->s[i]))
			i++;
	}
	c->i = i;
	return true;
}

/* true, false or null starting at c->i; a mismatch is reported at its first wrong byte. */
static bool literal(struct scan *c, const char *word)
{
	for (size_t k = 0; word[k]; k++)
		if (!at(c, c->i + k, (unsigned char)word[k]))
			return fail(c, c->i + k < c->len ? c->i + k : c->len, "invalid literal (expected true, false or null)");
	while (*word++)
		c->i++;
	return true;
}

/* A string, number or literal at c->i (within the text). */
static bool scalar(struct scan *c)
{
	switch (c->s[c->i]) {
	case '"':
		return string(c);
	case 't':
		return literal(c, "true");
	case 'f':
		return literal(c, "false");
	case 'n':
		return literal(c, "null");
	default:
		if (c->s[c->i] == '-' || is_digit(c->s[c->i]))
			return number(c);
		return fail(c, c->i, "expected a value");
	}
}

/* One scalar or an opening bracket at c->i. Brackets push onto the stack of open containers
 * (a bit per level: 1 for an object); *next says what to look for after it. */
static bool value(struct scan *c, unsigned char *is_object, size_t *depth, enum expect *next)
{
	if (c->i >= c->len)
		return fail(c, c->i, "expected a value");
	unsigned char ch = c->s[c->i];
	*next = EXPECT_AFTER_VALUE;
	switch (ch) {
	case '{':
	case '[':
		if (*depth == JSON_CHECK_MAX_DEPTH)
			return fail(c, c->i, "nested deeper than " STRINGIFY(JSON_CHECK_MAX_DEPTH) " levels");
		if (ch == '{')
			is_object[*depth / 8] |= (unsigned char)(1u << (*depth % 8));
		else
			is_object[*depth / 8] &= (unsigned char)~(1u << (*depth % 8));
		++*depth;
		c->i++;
		skip_space(c);
		if (at(c, c->i, ch == '{' ? '}' : ']')) {
			--*depth;
			c->i++;
		} else {
			*next = ch == '{' ? EXPECT_KEY : EXPECT_VALUE;
		}
		return true;
	default:
		return scalar(c);
	}
}

bool json_check(const char *data, size_t len, struct json_check_error *err)
{
	struct scan c = {.s = (const unsigned char *)data, .len = len, .err = err};
	unsigned char is_object[(JSON_CHECK_MAX_DEPTH + 7) / 8];
	size_t depth = 0;
	enum expect next = EXPECT_VALUE;
	skip_space(&c);
	for (;;) {
		switch (next) {
		case EXPECT_VALUE:
			if (!value(&c, is_object, &depth, &next))
				return false;
			break;
		case EXPECT_KEY:
			if (!at(&c, c.i, '"'))
				return fail(&c, c.i, "expected '\"' to open an object key");
			if (!string(&c))
				return false;
			skip_space(&c);
			if (!at(&c, c.i, ':'))
				return fail(&c, c.i, "expected ':' after an object key");
			c.i++;
			next = EXPECT_VALUE;
			break;
		case EXPECT_AFTER_VALUE: {
			if (depth == 0) {
				if (c.i != len)
					return fail(&c, c.i, "expected the end of the document");
				return true;
			}
			bool in_object = is_object[(depth - 1) / 8] & (1u << ((depth - 1) % 8));
			if (at(&c, c.i, ',')) {
				c.i++;
				next = in_object ? EXPECT_KEY : EXPECT_VALUE;
			} else if (at(&c, c.i, in_object ? '}' : ']')) {
				c.i++;
				depth--;
			} else {
				return fail(&c, c.i,
					    in_object ? "expected ',' or '}' after an object member"
						      : "expected ',' or ']' after an array element");
			}
			break;
		}
		}
		skip_space(&c);
	}
}

/* ---- one token at a time ---- */

static bool opens_string(const struct scan *c) { return c->s[c->i] == '"'; }
static bool opens_number(const struct scan *c) { return c->s[c->i] == '-' || is_digit(c->s[c->i]); }
static bool opens_scalar(const struct scan *c) { (void)c; return true; /* scalar() says what it expected */ }

/* Reads one token of data[0, len) at *pos with read, when opens says one starts there (else
 * the fault is expected); moves *pos only when it succeeds. */
static bool token(const char *data, size_t len, size_t *pos, struct json_check_error *err,
		  bool (*opens)(const struct scan *), bool (*read)(struct scan *), const char *expected)
{
	struct scan c = {.s = (const unsigned char *)data, .i = *pos, .len = len, .err = err};
	if (c.i >= len || !opens(&c))
		return fail(&c, c.i < len ? c.i : len, expected);
	if (!read(&c))
		return false;
	*pos = c.i;
	return true;
}

bool json_scan_string(const char *data, size_t len, size_t *pos, struct json_check_error *err)
{
	return token(data, len, pos, err, opens_string, string, "expected '\"' to open a string");
}

bool json_scan_number(const char *data, size_t len, size_t *pos, struct json_check_error *err)
{
	return token(data, len, pos, err, opens_number, number, "expected a number");
}

bool json_scan_scalar(const char *data, size_t len, size_t *pos, struct json_check_error *err)
{
	return token(data, len, pos, err, opens_scalar, scalar, "expected a value");
}
