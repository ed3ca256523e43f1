/* Chrome DevTools over the gateway (docs/devtools.md): the discovery endpoints chrome://inspect
 * and scripts read (GET /json/version, /json/list, /json), and the WebSocket endpoint
 * /devtools/page/<device selector> a DevTools frontend opens. A DevTools connection is a peer
 * bound to one device identity: it follows the program across restarts, its CDP requests go to
 * the device wrapped in DevTools.call with the connection's session number, and the device's
 * DevTools.event messages for that session reach it alone, unwrapped (protocol.md, DevTools). */
#ifndef WEFT_DEVTOOLS_H
#define WEFT_DEVTOOLS_H

#include <stdbool.h>

#include "access.h"
#include "http_api.h"
#include "relay.h"

#define DEVTOOLS_PAGE_PREFIX "/devtools/page/"

/* True for the discovery paths: /json, /json/, /json/list, /json/version. */
bool devtools_owns(const char *path);

/* Answers a discovery request (GET or HEAD). host is the request's (checked) Host header, the
 * address the returned URLs name; token, when the gateway has one, is put in them. */
void devtools_http(const struct relay *r, const char *method, const char *path, const char *host, const char *token,
		   struct http_response *resp);

/* True for DevTools.call: only the gateway sends it, for a DevTools connection's session, so that
 * nobody else can act as one (inspectors and the HTTP API get -32601). */
bool devtools_method_reserved(const char *method);

/* The device selector of a /devtools/page/<selector> path, or NULL for any other path. */
const char *devtools_page_selector(const char *path);

/* Binds a new PEER_DEVTOOLS peer to the device the selector names (attaching it, so the
 * device streams); false when it names no single device. */
bool devtools_bind(struct relay *r, struct peer *p, const char *selector, long long now);

/* A CDP message from a DevTools peer (takes nothing: m stays the caller's). */
void devtools_message(struct relay *r, struct peer *p, const struct msg *m, long long now);

/* A device's DevTools.event: its CDP message goes to the session's peer alone. */
void devtools_event(struct relay *r, struct device *d, const struct msg *m, const struct envelope *e, long long now);

/* Device d (re)registered: its bound DevTools peers attach again and are told the document
 * changed (DOM.documentUpdated), so the frontend asks for the new program's tree. */
void devtools_device_registered(struct relay *r, struct device *d, long long now);

/* A DevTools peer leaves: the device drops the session's state (DevTools.closed). */
void devtools_peer_leave(struct relay *r, struct peer *p, long long now);

#endif
