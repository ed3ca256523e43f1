// Brings a shown DOM subtree up to date with a freshly built one, changing only what differs:
// text, attributes and unfocused fields' values in place, and replacing a subtree only where
// its shape (tag, child count) changed. A panel that re-renders dozens of times a second thus
// keeps focus, the user's text selection and the field being typed in.

/**
 * Patches the children of `shown` to match `fresh`'s (fresh is consumed). Listeners are not
 * compared: the caller patches only a rendering of the same subject (one element's properties),
 * whose handlers act on the same things, and replaces the whole when the subject changes.
 */
export function patchChildren(shown, fresh) {
  const old = [...shown.childNodes];
  const next = [...fresh.childNodes];
  if (old.length !== next.length) { shown.replaceChildren(...next); return; }
  for (let i = 0; i < old.length; i++) patchNode(old[i], next[i]);
}

function patchNode(shown, fresh) {
  if (shown.nodeType !== fresh.nodeType || shown.nodeName !== fresh.nodeName) { shown.replaceWith(fresh); return; }
  if (shown.nodeType === Node.TEXT_NODE) {
    if (shown.data !== fresh.data) shown.data = fresh.data;
    return;
  }
  if (shown.nodeType !== Node.ELEMENT_NODE) return;
  // What a canvas has beyond a fresh one (its size, what it shows) its painter set: removing
  // its size would wipe the drawing.
  if (shown.nodeName !== 'CANVAS') for (const { name } of [...shown.attributes]) if (!fresh.hasAttribute(name)) shown.removeAttribute(name);
  for (const { name, value } of fresh.attributes) if (shown.getAttribute(name) !== value) shown.setAttribute(name, value);
  const value = fresh.value; // read before its options move: a fresh select's value is its selected option's
  patchChildren(shown, fresh);
  if (shown.nodeName === 'OPTION' && shown.selected !== fresh.selected) shown.selected = fresh.selected;
  if ('disabled' in fresh && shown.disabled !== fresh.disabled) shown.disabled = fresh.disabled;
  if ((shown.nodeName === 'INPUT' || shown.nodeName === 'SELECT' || shown.nodeName === 'TEXTAREA')
    && shown !== document.activeElement && shown.value !== value) shown.value = value;
}
