import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDeepLink, formatDeepLink, identityMatches } from '../js/deep-link.js';

test('a deep link reads the device, element path, tab, zoom and the token', () => {
  const link = parseDeepLink('#token=s3cret&app=org.weft.TextureGram&instance=default&element=FeedScreenNode%20(feed%20screen)%20%3E%20ASTableNode&tab=ranges&zoom=1.5');
  assert.deepEqual(link, { token: 's3cret', device: { appId: 'org.weft.TextureGram', instance: 'default' },
    element: 'FeedScreenNode (feed screen) > ASTableNode', tab: 'ranges', zoom: 1.5 });
});

test('what cannot be used is left out: an unknown tab, a zoom that is no positive number', () => {
  assert.deepEqual(parseDeepLink('#tab=elements&zoom=-2'), { token: '', device: null, element: null, tab: null, zoom: null });
  assert.equal(parseDeepLink('#zoom=abc').zoom, null);
  assert.equal(parseDeepLink('').device, null);
});

test('formatDeepLink writes what parseDeepLink reads back, keeping the token', () => {
  const view = { token: 't', device: { appId: 'a.b', instance: 'i 1', host: 'h' }, element: 'A > B[2]', tab: 'diff', zoom: 0.6666666 };
  const hash = formatDeepLink(view);
  assert.deepEqual(parseDeepLink(hash), { ...view, zoom: 0.667 });
  assert.equal(formatDeepLink({ tab: 'properties' }), '', 'the default tab is not written');
});

test('a device matches when every field the link gives is its own', () => {
  const identity = { appId: 'org.weft.TextureGram', instance: 'default', host: 'vm' };
  assert.ok(identityMatches({ appId: 'org.weft.TextureGram' }, identity));
  assert.ok(identityMatches({ instance: 'default', host: 'vm' }, identity));
  assert.ok(!identityMatches({ appId: 'org.weft.TextureGram', instance: 'other' }, identity));
  assert.ok(!identityMatches(null, identity));
});
