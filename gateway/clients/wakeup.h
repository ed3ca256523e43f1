/* A periodic timer for client loops. libwebsockets 4.1's lws_service ignores its timeout and may
 * sleep until the next scheduled event, so a loop that polls against a deadline would oversleep;
 * this timer wakes it every interval. */
#ifndef WEFT_WAKEUP_H
#define WEFT_WAKEUP_H

struct lws_context;
struct wakeup;

/* Starts waking ctx's service loop every interval_us; NULL when out of memory. */
struct wakeup *wakeup_start(struct lws_context *ctx, long long interval_us);

/* Frees the timer; call after lws_context_destroy. */
void wakeup_free(struct wakeup *w);

#endif
