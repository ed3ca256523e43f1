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

	char line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s.%03ld weft-gateway %s: %s\n", stamp, ts.tv_nsec / 1000000, level_names[level], line);
}
