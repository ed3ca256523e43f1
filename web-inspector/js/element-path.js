// Structural paths (docs/cli.md "Paths"): an element named without its id, from a root down,
// components joined by ` > `, each the element's name (`Class (debugName)`) with `[n]` when it
// is not the first sibling of that name. The CLI's `weft ascii --element` and `weft diff` use
// them; the page uses them in deep links, the breadcrumb bar's copied path, and to find a
// selected cell again after it was released and came back with another id.

import { componentName } from './semantic-diff.js';
import { displayText } from './json-values.js';

const SEPARATOR = ' > ';

/** The component name of each of `siblings` (ordinals among same-named siblings). */
function componentNames(siblings) {
  const seen = new Map();
  return siblings.map((el) => {
    const key = `${displayText(el.className)}\u0000${displayText(el.debugName || '')}`;
    const ordinal = seen.get(key) || 0;
    seen.set(key, ordinal + 1);
    return componentName(el, ordinal);
  });
}

/** The structural path of element `id` in `model` (a TreeModel), or null when it is not there. */
export function elementPath(model, id) {
  if (!model || !model.get(id)) return null;
  const components = [];
  for (let el = model.get(id); el; el = model.parentOf(el.id)) {
    const parent = model.parentOf(el.id);
    const siblings = parent ? parent.children : model.roots;
    components.push(componentNames(siblings)[siblings.indexOf(el)]);
  }
  return components.reverse().join(SEPARATOR);
}

/** The id of the element at `path`, or null when a component is not there. */
export function findByPath(model, path) {
  if (!model || typeof path !== 'string' || !path) return null;
  let siblings = model.roots;
  let found = null;
  for (const component of path.split(SEPARATOR)) {
    const index = componentNames(siblings || []).indexOf(component);
    if (index < 0) return null;
    found = siblings[index];
    siblings = found.children || [];
  }
  return found ? found.id : null;
}

/** The ids from the root down to `id` (the breadcrumb bar's elements), with their component names. */
export function ancestry(model, id) {
  const path = elementPath(model, id);
  if (path === null) return [];
  const names = path.split(SEPARATOR);
  return model.pathTo(id).map((ancestor, i) => ({ id: ancestor, name: names[i] }));
}
