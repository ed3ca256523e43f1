#include "json_check.h"

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

/* What the checker looks for next, between tokens (json_checker.expect). */
enum expect {
	EXPECT_VALUE,       /* a value: at the start, after ',' in an array, or after ':' */
	EXPECT_FIRST_VALUE, /* a value or ']': just after '[' */
	EXPECT_KEY,         /* an object's key string: after ',' in an object */
	EXPECT_FIRST_KEY,   /* a key or '}': just after '{' */
	EXPECT_COLON,       /* ':' after a key */
	EXPECT_AFTER_VALUE, /* ',' or the closing bracket of the open container, or the end */
};

/* The token being read (json_token.in). */
enum token { TOKEN_NONE, TOKEN_STRING, TOKEN_NUMBER, TOKEN_LITERAL };

/* Where in a string (json_token.part). */
enum string_part {
	STRING_PLAIN,         /* between characters */
	STRING_ESCAPE,        /* after a backslash */
	STRING_HEX,           /* in the four hex digits of \u */
	STRING_LOW_BACKSLASH, /* after a high surrogate escape, which needs \uDC00-\uDFFF next */
	STRING_LOW_U,         /* ... its backslash seen */
	STRING_UTF8,          /* in a character of several UTF-8 bytes */
};

/* Where in a number (RFC 8259, 6): just after what each part names. */
enum number_part {
	NUMBER_MINUS,
	NUMBER_ZERO, /* a leading 0: no digit may follow */
	NUMBER_INTEGER,
	NUMBER_POINT,
	NUMBER_FRACTION,
	NUMBER_E,
	NUMBER_E_SIGN,
	NUMBER_EXPONENT,
};

/* 1 for the bytes a string holds as they are: printable ASCII but '"' and '\\'. The loop over
 * them is where a snapshot spends its time, so it is one table load per byte. */
static const unsigned char plain_in_string[256] = {
	['\x20'] = 1, ['!'] = 1, ['#'] = 1, ['$'] = 1,    ['%'] = 1, ['&'] = 1, ['\''] = 1, ['('] = 1, [')'] = 1,
	['*'] = 1,    ['+'] = 1, [','] = 1, ['-'] = 1,    ['.'] = 1, ['/'] = 1, ['0'] = 1,  ['1'] = 1, ['2'] = 1,
	['3'] = 1,    ['4'] = 1, ['5'] = 1, ['6'] = 1,    ['7'] = 1, ['8'] = 1, ['9'] = 1,  [':'] = 1, [';'] = 1,
	['<'] = 1,    ['='] = 1, ['>'] = 1, ['?'] = 1,    ['@'] = 1, ['A'] = 1, ['B'] = 1,  ['C'] = 1, ['D'] = 1,
	['E'] = 1,    ['F'] = 1, ['G'] = 1, ['H'] = 1,    ['I'] = 1, ['J'] = 1, ['K'] = 1,  ['L'] = 1, ['M'] = 1,
	['N'] = 1,    ['O'] = 1, ['P'] = 1, ['Q'] = 1,    ['R'] = 1, ['S'] = 1, ['T'] = 1,  ['U'] = 1, ['V'] = 1,
	['W'] = 1,    ['X'] = 1, ['Y'] = 1, ['Z'] = 1,    ['['] = 1, [']'] = 1, ['^'] = 1,  ['_'] = 1, ['`'] = 1,
	['a'] = 1,    ['b'] = 1, ['c'] = 1, ['d'] = 1,    ['e'] = 1, ['f'] = 1, ['g'] = 1,  ['h'] = 1, ['i'] = 1,
	['j'] = 1,    ['k'] = 1, ['l'] = 1, ['m'] = 1,    ['n'] = 1, ['o'] = 1, ['p'] = 1,  ['q'] = 1, ['r'] = 1,
	['s'] = 1,    ['t'] = 1, ['u'] = 1, ['v'] = 1,    ['w'] = 1, ['x'] = 1, ['y'] = 1,  ['z'] = 1, ['{'] = 1,
	['|'] = 1,    ['}'] = 1, ['~'] = 1, ['\x7f'] = 1,
};

/* One fragment being read: s[0, len), whose first byte is at offset base of the text. */
struct run {
	const unsigned char *s;
	size_t len, base;
	struct json_token *t;
	struct json_check_error *err;
};

static bool set_fault(struct json_check_error *err, size_t offset, const char *reason)
{
	err->offset = offset;
	err->reason = reason;
	return false;
}

/* A fault at byte i of the fragment. */
static bool fault(const struct run *r, size_t i, const char *reason) { return set_fault(r->err, r->base + i, reason); }

static bool is_digit(unsigned char ch) { return ch >= '0' && ch <= '9'; }

static bool is_space(unsigned char ch) { return ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t'; }

static int hex_value(unsigned char ch)
{
	if (is_digit(ch))
		return ch - '0';
	ch |= 0x20;
	return ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

size_t json_skip_space(const char *data, size_t len, size_t pos)
{
	while (pos < len && is_space((unsigned char)data[pos]))
		pos++;
	return pos;
}

/* ---- tokens, resumable at any byte ---- */

/* Starts the UTF-8 character whose first byte is lead (Unicode, table 3-7: no overlong forms, no
 * surrogates, nothing above U+10FFFF): how many bytes follow, and the range of the next one.
 * False for a byte no character starts with (a continuation byte, C0, C1, F5..FF). */
static bool utf8_lead(struct json_token *t, unsigned char lead)
{
	t->utf8_lo = 0x80;
	t->utf8_hi = 0xBF;
	if (lead >= 0xC2 && lead <= 0xDF) {
		t->utf8_left = 1;
	} else if (lead >= 0xE0 && lead <= 0xEF) {
		t->utf8_left = 2;
		if (lead == 0xE0)
			t->utf8_lo = 0xA0; /* overlong below U+0800 */
		if (lead == 0xED)
			t->utf8_hi = 0x9F; /* the surrogates U+D800..DFFF */
	} else if (lead >= 0xF0 && lead <= 0xF4) {
		t->utf8_left = 3;
		if (lead == 0xF0)
			t->utf8_lo = 0x90; /* overlong below U+10000 */
		if (lead == 0xF4)
			t->utf8_hi = 0x8F; /* above U+10FFFF */
	} else {
		return false;
	}
	return true;
}

#define UNPAIRED_HIGH "unpaired high surrogate escape (expected \\uDC00-\\uDFFF next)"

/* The escape byte ch at i, after a backslash. */
static bool escape_byte(const struct run *r, size_t i, unsigned char ch)
{
	struct json_token *t = r->t;
	switch (ch) {
	case '"':
	case '\\':
	case '/':
	case 'b':
	case 'f':
	case 'n':
	case 'r':
	case 't':
		t->part = STRING_PLAIN;
		return true;
	case 'u':
		t->part = STRING_HEX;
		t->hex_left = 4;
		t->unit = 0;
		t->low = false;
		return true;
	default:
		return fault(r, i, "invalid escape (expected one of \" \\ / b f n r t u after \\)");
	}
}

/* A hex digit of a \u escape at i; after the fourth, the code unit must make sense: UTF-16 in
 * escapes, so a high surrogate needs an escaped low one next. The grammar alone allows it
 * unpaired (RFC 8259, 8.2), but then it encodes no character, and jansson and WeftSnapshot's
 * reader refuse it. */
static bool hex_byte(const struct run *r, size_t i, unsigned char ch)
{
	struct json_token *t = r->t;
	int h = hex_value(ch);
	if (h < 0)
		return fault(r, i, "expected four hex digits after \\u");
	t->unit = t->unit * 16 + (unsigned)h;
	if (--t->hex_left > 0)
		return true;
	bool low_range = t->unit >= 0xDC00 && t->unit <= 0xDFFF;
	if (t->low && !low_range)
		return set_fault(r->err, t->escape_at, UNPAIRED_HIGH);
	if (!t->low && low_range)
		return set_fault(r->err, t->escape_at, "unpaired low surrogate escape (\\uDC00-\\uDFFF)");
	t->part = !t->low && t->unit >= 0xD800 && t->unit <= 0xDBFF ? STRING_LOW_BACKSLASH : STRING_PLAIN;
	return true;
}

/* Reads a string from *i (past its opening quote) to its closing quote or the end of the
 * fragment. */
static bool string_run(const struct run *r, size_t *pos)
{
	struct json_token *t = r->t;
	const unsigned char *s = r->s;
	size_t i = *pos, len = r->len;
	bool ok = true;
	while (ok && i < len) {
		unsigned char ch = s[i];
		switch (t->part) {
		case STRING_PLAIN:
			while (plain_in_string[ch] && ++i < len)
				ch = s[i];
			if (i == len)
				break;
			if (ch == '"') {
				t->in = TOKEN_NONE;
				*pos = i + 1;
				return true;
			}
			if (ch == '\\') {
				t->escape_at = r->base + i;
				t->part = STRING_ESCAPE;
			} else if (ch < 0x20) {
				ok = fault(r, i, "control character in a string (it must be escaped)");
			} else if (!utf8_lead(t, ch)) {
				ok = fault(r, i, "invalid UTF-8 in a string");
			} else {
				t->lead_at = r->base + i;
				t->part = STRING_UTF8;
			}
			i++;
			break;
		case STRING_UTF8:
			if (ch < t->utf8_lo || ch > t->utf8_hi)
				return set_fault(r->err, t->lead_at, "invalid UTF-8 in a string");
			t->utf8_lo = 0x80; /* only the second byte has a narrower range */
			t->utf8_hi = 0xBF;
			if (--t->utf8_left == 0)
				t->part = STRING_PLAIN;
			i++;
			break;
		case STRING_ESCAPE:
			ok = escape_byte(r, i++, ch);
			break;
		case STRING_HEX:
			ok = hex_byte(r, i++, ch);
			break;
		case STRING_LOW_BACKSLASH:
			if (ch != '\\')
				return set_fault(r->err, t->escape_at, UNPAIRED_HIGH);
			t->part = STRING_LOW_U;
			i++;
			break;
		case STRING_LOW_U:
			if (ch != 'u')
				return set_fault(r->err, t->escape_at, UNPAIRED_HIGH);
			t->part = STRING_HEX;
			t->hex_left = 4;
			t->unit = 0;
			t->low = true;
			i++;
			break;
		}
	}
	*pos = i;
	return ok;
}

/* Reads a number from *pos to the first byte that cannot continue it (which ends it, unread) or
 * the end of the fragment. */
static bool number_run(const struct run *r, size_t *pos)
{
	struct json_token *t = r->t;
	const unsigned char *s = r->s;
	size_t i = *pos, len = r->len;
	for (; i < len; i++) {
		unsigned char ch = s[i];
		switch (t->part) {
		case NUMBER_MINUS:
			if (!is_digit(ch))
				return fault(r, i, "expected a digit after '-'");
			t->part = ch == '0' ? NUMBER_ZERO : NUMBER_INTEGER;
			continue;
		case NUMBER_ZERO:
			if (is_digit(ch))
				return fault(r, i, "leading zero in a number");
			break;
		case NUMBER_POINT:
			if (!is_digit(ch))
				return fault(r, i, "expected a digit after the decimal point");
			t->part = NUMBER_FRACTION;
			continue;
		case NUMBER_E:
			if (ch == '+' || ch == '-') {
				t->part = NUMBER_E_SIGN;
				continue;
			}
			/* fall through */
		case NUMBER_E_SIGN:
			if (!is_digit(ch))
				return fault(r, i, "expected a digit in the exponent");
			t->part = NUMBER_EXPONENT;
			continue;
		case NUMBER_INTEGER:
		case NUMBER_FRACTION:
		case NUMBER_EXPONENT:
			if (is_digit(ch))
				continue;
			break;
		}
		/* After the digits of the integer or fraction part: what may follow them. */
		if (ch == '.' && t->part != NUMBER_FRACTION && t->part != NUMBER_EXPONENT) {
			t->part = NUMBER_POINT;
		} else if ((ch == 'e' || ch == 'E') && t->part != NUMBER_EXPONENT) {
			t->part = NUMBER_E;
		} else {
			t->in = TOKEN_NONE;
			break;
		}
	}
	*pos = i;
	return true;
}

/* Reads the rest of true, false or null; a mismatch is reported at its first wrong byte. */
static bool literal_run(const struct run *r, size_t *pos)
{
	struct json_token *t = r->t;
	size_t i = *pos;
	for (; i < r->len && *t->word; i++, t->word++)
		if (r->s[i] != (unsigned char)*t->word)
			return fault(r, i, "invalid literal (expected true, false or null)");
	if (!*t->word)
		t->in = TOKEN_NONE;
	*pos = i;
	return true;
}

/* Reads on in the token being read; it has ended when t->in is TOKEN_NONE again. */
static inline bool token_run(const struct run *r, size_t *pos)
{
	switch (r->t->in) {
	case TOKEN_STRING:
		return string_run(r, pos);
	case TOKEN_NUMBER:
		return number_run(r, pos);
	default:
		return literal_run(r, pos);
	}
}

/* Starts the scalar whose first byte is ch (a string's quote, a number's first byte or a
 * literal's first letter); false when none starts with it. */
static inline bool token_start(struct json_token *t, unsigned char ch)
{
	/* Only what the token's reader starts from is set: the other fields are set where they
	 * begin to matter (an escape, a UTF-8 character). */
	if (ch == '"') {
		t->in = TOKEN_STRING;
		t->part = STRING_PLAIN;
	} else if (ch == '-' || is_digit(ch)) {
		t->in = TOKEN_NUMBER;
		t->part = ch == '-' ? NUMBER_MINUS : ch == '0' ? NUMBER_ZERO : NUMBER_INTEGER;
	} else if (ch == 't' || ch == 'f' || ch == 'n') {
		t->in = TOKEN_LITERAL;
		t->word = ch == 't' ? "rue" : ch == 'f' ? "alse" : "ull";
	} else {
		return false;
	}
	return true;
}

/* The text ended at offset end inside token t: the fault that makes, or (a number whose last
 * part is complete) its end. */
static bool token_cut(struct json_token *t, size_t end, struct json_check_error *err)
{
	if (t->in == TOKEN_LITERAL)
		return set_fault(err, end, "invalid literal (expected true, false or null)");
	if (t->in == TOKEN_STRING) {
		switch (t->part) {
		case STRING_ESCAPE:
			return set_fault(err, end, "unterminated string (expected an escape, then '\"')");
		case STRING_HEX:
			return set_fault(err, end, "expected four hex digits after \\u");
		case STRING_LOW_BACKSLASH:
		case STRING_LOW_U:
			return set_fault(err, end, "unterminated string (expected a low surrogate escape)");
		case STRING_UTF8:
			return set_fault(err, t->lead_at, "invalid UTF-8 in a string");
		default:
			return set_fault(err, end, "unterminated string (expected '\"')");
		}
	}
	switch (t->part) {
	case NUMBER_MINUS:
		return set_fault(err, end, "expected a digit after '-'");
	case NUMBER_POINT:
		return set_fault(err, end, "expected a digit after the decimal point");
	case NUMBER_E:
	case NUMBER_E_SIGN:
		return set_fault(err, end, "expected a digit in the exponent");
	default:
		t->in = TOKEN_NONE;
		return true;
	}
}

/* ---- one token at a time ---- */

/* Reads one token of data[0, len) at *pos, when starts says one starts there (else the fault is
 * `expected`); moves *pos only when it succeeds. */
static inline bool scan_token(const char *data, size_t len, size_t *pos, struct json_check_error *err,
			      bool (*starts)(unsigned char), const char *expected)
{
	size_t i = *pos;
	struct json_token t;
	if (i >= len || !starts((unsigned char)data[i]) || !token_start(&t, (unsigned char)data[i]))
		return set_fault(err, i < len ? i : len, expected);
	struct run r = {.s = (const unsigned char *)data, .len = len, .t = &t, .err = err};
	i++;
	if (!token_run(&r, &i) || (t.in != TOKEN_NONE && !token_cut(&t, len, err)))
		return false;
	*pos = i;
	return true;
}

static bool starts_string(unsigned char ch) { return ch == '"'; }
static bool starts_number(unsigned char ch) { return ch == '-' || is_digit(ch); }
static bool starts_scalar(unsigned char ch)
{
	(void)ch;
	return true; /* token_start decides */
}

bool json_scan_string(const char *data, size_t len, size_t *pos, struct json_check_error *err)
{
	return scan_token(data, len, pos, err, starts_string, "expected '\"' to open a string");
}

bool json_scan_number(const char *data, size_t len, size_t *pos, struct json_check_error *err)
{
	return scan_token(data, len, pos, err, starts_number, "expected a number");
}

bool json_scan_scalar(const char *data, size_t len, size_t *pos, struct json_check_error *err)
{
	return scan_token(data, len, pos, err, starts_scalar, "expected a value");
}

/* ---- documents, fed in fragments ---- */

static inline bool in_object(const struct json_checker *k)
{
	return k->is_object[(k->depth - 1) / 8] & (1u << ((k->depth - 1) % 8));
}

/* The value whose first byte is at *pos: a bracket opens a level (a bit per level on the stack:
 * 1 for an object); a scalar is read as far as the fragment goes. */
static inline bool value(struct json_checker *k, const struct run *r, size_t *pos)
{
	size_t i = (*pos)++;
	unsigned char ch = r->s[i];
	k->expect = EXPECT_AFTER_VALUE;
	if (ch != '{' && ch != '[')
		return token_start(&k->token, ch) ? token_run(r, pos) : fault(r, i, "expected a value");
	if (k->depth == JSON_CHECK_MAX_DEPTH)
		return fault(r, i, "nested deeper than " STRINGIFY(JSON_CHECK_MAX_DEPTH) " levels");
	unsigned char bit = (unsigned char)(1u << (k->depth % 8));
	if (ch == '{')
		k->is_object[k->depth / 8] |= bit;
	else
		k->is_object[k->depth / 8] &= (unsigned char)~bit;
	k->depth++;
	k->expect = ch == '{' ? EXPECT_FIRST_KEY : EXPECT_FIRST_VALUE;
	return true;
}

/* An object key whose quote is at *pos, read as far as the fragment goes; the ':' right after it
 * (how compact JSON has it) is taken at once. */
static inline bool key(struct json_checker *k, const struct run *r, size_t *pos)
{
	token_start(&k->token, '"');
	k->expect = EXPECT_COLON;
	++*pos;
	if (!string_run(r, pos))
		return false;
	if (k->token.in == TOKEN_NONE && *pos < r->len && r->s[*pos] == ':') {
		++*pos;
		k->expect = EXPECT_VALUE;
	}
	return true;
}

/* What starts at *pos (not whitespace, outside tokens): a value, a key, or punctuation. Moves
 * *pos past what it read. */
static inline bool structure(struct json_checker *k, const struct run *r, size_t *pos)
{
	size_t i = *pos;
	unsigned char ch = r->s[i];
	switch (k->expect) {
	case EXPECT_FIRST_VALUE:
		if (ch == ']')
			break;
		/* fall through */
	case EXPECT_VALUE:
		return value(k, r, pos);
	case EXPECT_FIRST_KEY:
		if (ch == '}')
			break;
		/* fall through */
	case EXPECT_KEY:
		return ch == '"' ? key(k, r, pos) : fault(r, i, "expected '\"' to open an object key");
	case EXPECT_COLON:
		if (ch != ':')
			return fault(r, i, "expected ':' after an object key");
		k->expect = EXPECT_VALUE;
		*pos = i + 1;
		return true;
	default: { /* EXPECT_AFTER_VALUE */
		if (k->depth == 0)
			return fault(r, i, "expected the end of the document");
		bool object = in_object(k);
		if (ch == ',') {
			k->expect = object ? EXPECT_KEY : EXPECT_VALUE;
			*pos = i + 1;
			return true;
		}
		if (ch != (object ? '}' : ']'))
			return fault(r, i,
				     object ? "expected ',' or '}' after an object member"
					    : "expected ',' or ']' after an array element");
		break;
	}
	}
	/* A closing bracket: the level ends, and with it a value. */
	k->depth--;
	k->expect = EXPECT_AFTER_VALUE;
	*pos = i + 1;
	return true;
}

void json_checker_init(struct json_checker *k)
{
	k->fed = 0;
	k->depth = 0;
	k->expect = EXPECT_VALUE;
	k->failed = false;
	k->token.in = TOKEN_NONE;
	/* is_object needs no clearing: a level's bit is written when the level opens. */
}

bool json_checker_feed(struct json_checker *k, const char *data, size_t len)
{
	if (k->failed)
		return false;
	const struct run r = {.s = (const unsigned char *)data,
			      .len = len,
			      .base = k->fed,
			      .t = &k->token,
			      .err = &k->err};
	size_t i = 0;
	bool ok = k->token.in == TOKEN_NONE || token_run(&r, &i); /* the token the last fragment cut */
	while (ok && i < len) {
		if (is_space(r.s[i]))
			i++;
		else
			ok = structure(k, &r, &i);
	}
	k->fed += len;
	k->failed = !ok;
	return ok;
}

bool json_checker_finish(struct json_checker *k, struct json_check_error *err)
{
	if (!k->failed && k->token.in != TOKEN_NONE)
		k->failed = !token_cut(&k->token, k->fed, &k->err);
	if (!k->failed) {
		const char *reason = NULL;
		switch (k->expect) {
		case EXPECT_VALUE:
		case EXPECT_FIRST_VALUE:
			reason = "expected a value";
			break;
		case EXPECT_KEY:
		case EXPECT_FIRST_KEY:
			reason = "expected '\"' to open an object key";
			break;
		case EXPECT_COLON:
			reason = "expected ':' after an object key";
			break;
		default: /* EXPECT_AFTER_VALUE: whole when no level is open */
			if (k->depth > 0)
				reason = in_object(k) ? "expected ',' or '}' after an object member"
						      : "expected ',' or ']' after an array element";
		}
		k->failed = reason && !set_fault(&k->err, k->fed, reason);
	}
	if (k->failed)
		*err = k->err;
	return !k->failed;
}

bool json_check(const char *data, size_t len, struct json_check_error *err)
{
	struct json_checker k;
	json_checker_init(&k);
	json_checker_feed(&k, data, len);
	return json_checker_finish(&k, err);
}
