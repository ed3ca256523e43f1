#ifndef WEFT_CLIBWEBSOCKETS_SHIM_H
#define WEFT_CLIBWEBSOCKETS_SHIM_H
#include <libwebsockets.h>

/// Swift does not import the LWS_PRE macro: every buffer handed to lws_write needs this much
/// headroom in front of the payload.
static const size_t weft_lws_pre = LWS_PRE;

#endif
