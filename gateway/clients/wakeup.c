#include "wakeup.h"

#include <libwebsockets.h>
#include <stdlib.h>

struct wakeup {
	lws_sorted_usec_list_t sul; /* first: the callback gets its address */
	struct lws_context *ctx;
	lws_usec_t interval;
};

static void on_wakeup(lws_sorted_usec_list_t *sul)
{
	struct wakeup *w = (struct wakeup *)sul;
	lws_sul_schedule(w->ctx, 0, &w->sul, on_wakeup, w->interval);
}

struct wakeup *wakeup_start(struct lws_context *ctx, long long interval_us)
{
	struct wakeup *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->ctx = ctx;
	w->interval = (lws_usec_t)interval_us;
	lws_sul_schedule(ctx, 0, &w->sul, on_wakeup, w->interval);
	return w;
}

void wakeup_free(struct wakeup *w) { free(w); }
