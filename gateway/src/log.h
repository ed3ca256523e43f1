/* Leveled logging to stderr: one line per event, prefixed with a UTC time stamp and level. */
#ifndef WEFT_LOG_H
#define WEFT_LOG_H

#include <stddef.h>

enum log_level { LOG_ERROR, LOG_WARN, LOG_INFO, LOG_DEBUG };

extern enum log_level log_threshold;

/* Parses "error", "warn", "info" or "debug"; returns -1 for anything else. */
int log_level_parse(const char *name);

void log_at(enum log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Copies text into out (NUL-terminated, cut to fit) with control characters escaped: C0 and DEL
 * as \xNN, C1 as \uNNNN, and '\' doubled, so names a program chose cannot move the cursor,
 * clear a terminal or forge log lines. Every log line goes through it. */
void log_escape(const char *text, char *out, size_t out_len);

#define log_error(...) log_at(LOG_ERROR, __VA_ARGS__)
#define log_warn(...) log_at(LOG_WARN, __VA_ARGS__)
#define log_info(...) log_at(LOG_INFO, __VA_ARGS__)
#define log_debug(...) log_at(LOG_DEBUG, __VA_ARGS__)

#endif
