#include "log.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

enum log_level log_threshold = LOG_INFO;

static const char *const level_names[] = {"error", "warn", "info", "debug"};

int log_level_parse(const char *name)
{
	for (int i = 0; i < 4; i++)
		if (strcmp(name, level_names[i]) == 0)
			return i;
	return -1;
}

void log_at(enum log_level level, const char *fmt, ...)
{
	if (level > log_threshold)
		return;
	char stamp[32];
	struct timespec ts;
	struct tm tm;
	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(stamp, sizeof stamp, "%H:%M:%S", &tm);

	char line[1024], shown[4 * sizeof line];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	log_escape(line, shown, sizeof shown);
	fprintf(stderr, "%s.%03ld weft-gateway %s: %s\n", stamp, ts.tv_nsec / 1000000, level_names[level], shown);
}

void log_escape(const char *text, char *out, size_t out_len)
{
	size_t o = 0;
	for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
		char piece[8] = {(char)*c, 0};
		bool c1 = *c == 0xc2 && c[1] >= 0x80 && c[1] <= 0x9f; /* C1 controls (U+0080..U+009F), e.g. CSI */
		if (*c == '\\')
			snprintf(piece, sizeof piece, "\\\\");
		else if (*c < 0x20 || *c == 0x7f)
			snprintf(piece, sizeof piece, "\\x%02x", *c);
		else if (c1)
			snprintf(piece, sizeof piece, "\\u%04x", c[1]);
		size_t n = strlen(piece);
		if (o + n >= out_len)
			break;
		memcpy(out + o, piece, n);
		o += n;
		c += c1;
	}
	if (out_len)
		out[o] = '\0';
}
