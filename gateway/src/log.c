#include "log.h"

#include <stdarg.h>
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
	for (const unsigned char *c = (const unsigned char *)text; *c && o + 7 < out_len; c++) {
		if (*c == '\\')
			o += (size_t)snprintf(out + o, out_len - o, "\\\\");
		else if (*c < 0x20 || *c == 0x7f)
			o += (size_t)snprintf(out + o, out_len - o, "\\x%02x", *c);
		else if (*c == 0xc2 && c[1] >= 0x80 && c[1] <= 0x9f) /* C1 controls (U+0080..U+009F), e.g. CSI */
			o += (size_t)snprintf(out + o, out_len - o, "\\u%04x", *++c);
		else
			out[o++] = (char)*c;
	}
	out[o] = '\0';
}
