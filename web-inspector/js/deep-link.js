// The page's address names what it shows, so a reload or a shared link opens the same view:
// `#app=…&instance=…&host=…` the device (by identity: any of its fields; a device matches when
// every field given is its own), `element=` the selection by structural path (element-path.js,
// as `weft ascii --element` takes it), `tab=` the side tab, `zoom=` the screen's zoom. The
// gateway's `token=` stays in the address as it came. Pure: the page reads and writes
// location.hash through these.

const IDENTITY_FIELDS = ['app', 'instance', 'host'];
const TABS = ['properties', 'ascii', 'explain', 'ranges', 'drive', 'diff', 'playground'];

/**
 * What an address's hash asks for: {token, device: {appId, instance, host} with only the fields
 * given (or null), element, tab, zoom}. A tab or zoom that cannot be used is left out (null).
 */
export function parseDeepLink(hash) {
  const params = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  const device = {};
  for (const field of IDENTITY_FIELDS) {
    const value = params.get(field);
    if (value) device[field === 'app' ? 'appId' : field] = value;
  }
  const zoom = Number(params.get('zoom'));
  const tab = params.get('tab');
  return {
    token: params.get('token') || '',
    device: Object.keys(device).length ? device : null,
    element: params.get('element') || null,
    tab: TABS.includes(tab) ? tab : null,
    zoom: params.has('zoom') && Number.isFinite(zoom) && zoom > 0 ? zoom : null,
  };
}

/** The hash naming `view` ({token, device: identity or null, element, tab, zoom}); empty fields left out. */
export function formatDeepLink({ token, device, element, tab, zoom }) {
  const params = new URLSearchParams();
  if (token) params.set('token', token);
  if (device) {
    if (device.appId) params.set('app', device.appId);
    if (device.instance) params.set('instance', device.instance);
    if (device.host) params.set('host', device.host);
  }
  if (element) params.set('element', element);
  if (tab && tab !== 'properties') params.set('tab', tab);
  if (zoom) params.set('zoom', String(Math.round(zoom * 1000) / 1000));
  const text = params.toString();
  return text ? `#${text}` : '';
}

/** Whether a device identity matches every field the link gives. */
export function identityMatches(link, identity) {
  if (!link || !identity) return false;
  return Object.entries(link).every(([field, value]) => typeof identity[field] === 'string' && identity[field] === value);
}
