// The semantic diff of two snapshots, by the rules of `weft diff`: elements are matched by
// structural path (className, debugName and position among the siblings that share both), not
// by id, so two captures of the same screen from different runs compare cleanly. Reported:
// added and removed subtrees, frame changes (moved and/or resized beyond a tolerance), style and
// property changes, and interface-state changes on request. `meta` and `revision` are ignored.

/** The path segment of an element: "ClassName (debugName)" plus "[k]" for the k-th twin (k > 0). */
export function segmentName(element, occurrence) {
  const base = element.debugName ? `${element.className} (${element.debugName})` : `${element.className}`;
  return occurrence > 0 ? `${base}[${occurrence}]` : base;
}

/** Pairs two sibling lists by (className, debugName, occurrence). */
function matchSiblings(before, after) {
  const key = (el) => `${el.className}\u0000${el.debugName || ''}`;
  const keyed = (list) => {
    const counts = new Map();
    return list.map((el) => {
      const k = key(el);
      const n = counts.get(k) || 0;
      counts.set(k, n + 1);
      return { el, occurrence: n, key: `${k}\u0000${n}` };
    });
  };
  const a = keyed(before);
  const b = keyed(after);
  const bByKey = new Map(b.map((entry) => [entry.key, entry]));
  const pairs = [];
  const matched = new Set();
  for (const entry of a) {
    const other = bByKey.get(entry.key);
    if (other) { matched.add(other.key); pairs.push([entry, other]); } else pairs.push([entry, null]);
  }
  for (const entry of b) if (!matched.has(entry.key)) pairs.push([null, entry]);
  return pairs;
}

/** Stable JSON (sorted object keys) for value comparison. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function subtreeSize(element) {
  let n = 0;
  const stack = [element];
  while (stack.length) { const el = stack.pop(); n++; if (el.children) stack.push(...el.children); }
  return n;
}

function compareEntries(kind, path, a, b, before = {}, after = {}, ignore) {
  const changes = [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of [...keys].sort()) {
    if (ignore.has(`${kind}.${key}`)) continue;
    if (canonical(before[key]) !== canonical(after[key])) {
      changes.push({ kind, path, key, before: before[key], after: after[key], idBefore: a.id, idAfter: b.id });
    }
  }
  return changes;
}

/**
 * Differences between snapshots `a` (before) and `b` (after).
 * @param {object} options tolerance (points, default 0), interfaceState (bool), ignore ([field])
 *   where a field is `frame`, `style`, `props`, or `style.KEY` / `props.KEY`.
 * @returns {Array} changes {kind: added|removed|frame|style|props|interfaceState, path, ...}
 */
export function semanticDiff(a, b, { tolerance = 0, interfaceState = false, ignore = [] } = {}) {
  const ignored = new Set(ignore);
  const changes = [];
  const differs = (x, y) => Math.abs((x || 0) - (y || 0)) > tolerance;
  const stack = [{ before: a.roots || [], after: b.roots || [], path: [] }];
  while (stack.length) {
    const { before, after, path } = stack.pop();
    const level = [];
    for (const [x, y] of matchSiblings(before, after)) {
      const entry = x || y;
      const here = [...path, segmentName(entry.el, entry.occurrence)];
      if (!y) { level.push({ kind: 'removed', path: here, idBefore: x.el.id, count: subtreeSize(x.el), element: x.el }); continue; }
      if (!x) { level.push({ kind: 'added', path: here, idAfter: y.el.id, count: subtreeSize(y.el), element: y.el }); continue; }
      const ea = x.el;
      const eb = y.el;
      const fa = ea.frame || [0, 0, 0, 0];
      const fb = eb.frame || [0, 0, 0, 0];
      if (!ignored.has('frame')) {
        const moved = differs(fa[0], fb[0]) || differs(fa[1], fb[1]);
        const resized = differs(fa[2], fb[2]) || differs(fa[3], fb[3]);
        if (moved || resized) level.push({ kind: 'frame', path: here, moved, resized, before: fa, after: fb, idBefore: ea.id, idAfter: eb.id });
      }
      if (!ignored.has('style')) level.push(...compareEntries('style', here, ea, eb, ea.style, eb.style, ignored));
      if (!ignored.has('props')) level.push(...compareEntries('props', here, ea, eb, ea.props, eb.props, ignored));
      if (interfaceState && (ea.interfaceState || 0) !== (eb.interfaceState || 0)) {
        level.push({ kind: 'interfaceState', path: here, before: ea.interfaceState || 0, after: eb.interfaceState || 0, idBefore: ea.id, idAfter: eb.id });
      }
      stack.push({ before: ea.children || [], after: eb.children || [], path: here });
    }
    changes.push(...level);
  }
  return changes.sort((p, q) => comparePaths(p.path, q.path));
}

function comparePaths(p, q) {
  const n = Math.min(p.length, q.length);
  for (let i = 0; i < n; i++) if (p[i] !== q[i]) return p[i] < q[i] ? -1 : 1;
  return p.length - q.length;
}

const num = (v) => (typeof v === 'number' ? String(Math.round(v * 1000) / 1000) : String(v));
const frameText = (f) => `${num(f[0])},${num(f[1])} ${num(f[2])}x${num(f[3])}`;
const valueText = (v) => (v === undefined ? '(default)' : typeof v === 'string' ? v : JSON.stringify(v));

/** One line per change, in the CLI's text form: `~ A > B (title): frame 8,8 100x20 -> 8,8 120x20`. */
export function describeChange(change) {
  const path = change.path.join(' > ');
  switch (change.kind) {
    case 'added': return `+ ${path}${change.count > 1 ? ` (${change.count} elements)` : ''}`;
    case 'removed': return `- ${path}${change.count > 1 ? ` (${change.count} elements)` : ''}`;
    case 'frame': return `~ ${path}: frame ${frameText(change.before)} -> ${frameText(change.after)}`;
    case 'interfaceState': return `~ ${path}: interfaceState ${change.before} -> ${change.after}`;
    default: return `~ ${path}: ${change.kind}.${change.key} ${valueText(change.before)} -> ${valueText(change.after)}`;
  }
}
