// The values a snapshot document may leave out because the element's other values imply them
// (docs/snapshot-format.md, "Implied values"; Swift's ImpliedValues). The page fills them back in
// where documents enter it (TreeModel: a document, `add` and `set` ops; semanticDiff: the two
// documents it compares), so the tree, the properties panel, the screen's text, the ASCII art and
// search see complete elements; a downloaded document leaves them out again
// (`leaveOutImpliedValues`), as Weft writes documents:
// - a spec's `className`: Texture's class of its layout-json `type` (none for a custom type);
// - `props.lines`: `[text]`, the text on one line as it is (an empty text writes `[]`);
// - `props.image.decodedBytes`: pixelWidth x pixelHeight x 4.

/** Texture's class of each built-in layout-json spec type (docs/layout-json.md, Types). */
export const SPEC_CLASS_NAMES = Object.freeze({
  stack: 'ASStackLayoutSpec', inset: 'ASInsetLayoutSpec', overlay: 'ASOverlayLayoutSpec',
  background: 'ASBackgroundLayoutSpec', center: 'ASCenterLayoutSpec', ratio: 'ASRatioLayoutSpec',
  relative: 'ASRelativeLayoutSpec', absolute: 'ASAbsoluteLayoutSpec', corner: 'ASCornerLayoutSpec',
  wrapper: 'ASWrapperLayoutSpec',
});

const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

/**
 * Puts back the implied values `props` leaves out, in place: `lines` right after `text` (where
 * capture writes it), `decodedBytes` at the end of `image`. Returns `props`.
 */
export function fillImpliedProps(props) {
  if (!props || typeof props !== 'object') return props;
  const image = props.image;
  if (image && typeof image === 'object' && !Array.isArray(image) && !has(image, 'decodedBytes')
      && typeof image.pixelWidth === 'number' && typeof image.pixelHeight === 'number') {
    image.decodedBytes = image.pixelWidth * image.pixelHeight * 4;
  }
  if (typeof props.text === 'string' && !has(props, 'lines')) {
    // Rebuild the key order so `lines` follows `text`, as in a capture.
    const entries = Object.entries(props);
    for (const [key] of entries) delete props[key];
    for (const [key, value] of entries) {
      props[key] = value;
      if (key === 'text') props.lines = [value];
    }
  }
  return props;
}

/** Fills one element's implied values in place (not its children). Returns the element. */
export function fillImpliedValues(element) {
  if (element.kind === 'spec' && element.className === undefined && has(SPEC_CLASS_NAMES, element.type)) {
    element.className = SPEC_CLASS_NAMES[element.type];
  }
  if (element.props) fillImpliedProps(element.props);
  return element;
}

/** Fills the implied values of every element of a snapshot's roots, in place. Returns it. */
export function fillSnapshotImpliedValues(snapshot) {
  const stack = [...(snapshot.roots || [])];
  while (stack.length) {
    const el = stack.pop();
    fillImpliedValues(el);
    if (el.children) stack.push(...el.children);
  }
  return snapshot;
}

/**
 * A JSON.stringify replacer that leaves out the implied values, so a filled document is written
 * in the compact form: `JSON.stringify(snapshot, leaveOutImpliedValues)`.
 */
export function leaveOutImpliedValues(key, value) {
  switch (key) {
    case 'className':
      return this.kind === 'spec' && typeof this.id === 'string' && SPEC_CLASS_NAMES[this.type] === value && has(SPEC_CLASS_NAMES, this.type)
        ? undefined : value;
    case 'lines':
      return typeof this.text === 'string' && Array.isArray(value) && value.length === 1 && value[0] === this.text ? undefined : value;
    case 'decodedBytes':
      return typeof this.pixelWidth === 'number' && typeof this.pixelHeight === 'number'
        && value === this.pixelWidth * this.pixelHeight * 4 ? undefined : value;
    default:
      return value;
  }
}
