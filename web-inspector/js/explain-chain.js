// The Explain view's logic, without the DOM: a Layout.explain answer (docs/layout-json.md,
// "Explanations") as the chain the view lists, the verdict it puts first (an edit with no visible
// effect), sentences split so their numbers stand out, and the boxes the screen view highlights.

const SECTIONS = ['parent', 'style', 'own', 'rounding'];
// Style verdicts that mean "the element's own size rules did not decide this axis".
const NO_EFFECT = new Set(['style.overridden', 'style.noEffect', 'style.outside']);

/** `375`, `10.5`, `inf` (answers write infinity as the string "inf"; null is an unknown size). */
export function formatNumber(value) {
  if (value === 'inf' || value === '-inf') return value;
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'undefined';
  return String(Math.round(value * 100) / 100);
}

const span = (min, max) => (min === max ? `exactly ${formatNumber(min)}` : `[${formatNumber(min)}, ${formatNumber(max)}]`);

/** `width exactly 375, height [0, inf]`. */
export function formatRange(range) {
  if (!range || !Array.isArray(range.min) || !Array.isArray(range.max)) return 'unknown';
  return `width ${span(range.min[0], range.max[0])}, height ${span(range.min[1], range.max[1])}`;
}

/**
 * The rows the view lists, root first, one per link with its steps grouped by section: the
 * links of the enclosing passes (`above`: a cell's table in its screen, `outer: true`), then the
 * traced pass's own (`index` into `chain`). Throws on an answer without a chain.
 */
export function chainRows(answer) {
  if (!answer || !Array.isArray(answer.chain) || answer.chain.length === 0) throw new Error('the answer has no chain');
  const links = [...(answer.above || []).map((link) => [link, null]), ...answer.chain.map((link, index) => [link, index])];
  return links.map(([link, index], n) => {
    const sections = Object.fromEntries(SECTIONS.map((name) => [name, []]));
    for (const step of link.steps || []) (sections[step.section] || sections.own).push(step);
    const parent = n > 0 ? links[n - 1][0].name : null;
    return {
      kind: 'link', outer: index === null, index, id: link.id, name: link.name, frame: link.frame,
      given: formatRange(link.constrainedSize),
      place: parent === null ? 'the root' : link.childIndex == null ? `laid out by ${parent}` : `child ${link.childIndex} of ${parent}`,
      sections,
    };
  });
}

/** The index of the link whose element has `id`, or -1. */
export function linkIndex(answer, id) {
  return answer?.chain ? answer.chain.findIndex((link) => link.id === id) : -1;
}

/**
 * What to say first about the explained element: why a style size of its own did not decide its
 * size (`style.overridden`: a parent's exact range wins), or null. {rule, sentence, parent}
 */
export function verdict(answer, index = answer.chain.length - 1) {
  const link = answer.chain[index];
  const step = (link?.steps || []).find((s) => s.section === 'style' && NO_EFFECT.has(s.rule));
  if (!step) return null;
  const parent = index > 0 ? answer.chain[index - 1] : null;
  // The parent's own decision that fixed the range (a stretch, a flex pass) names the cause.
  const cause = (link.steps || []).filter((s) => s.section === 'parent' && /^(stack\.(stretch|flex\.\w+|measure)|inset\.childRange|ratio\.child|overlay\.follows|background\.follows)$/.test(s.rule)).pop();
  return { rule: step.rule, sentence: step.sentence, parent: parent?.name ?? null, cause: cause?.sentence ?? null };
}

/** A sentence as parts, numbers (`375`, `-17.14`, `50%`, `inf`) marked so the view can stand them out. */
export function sentenceParts(sentence) {
  const parts = [];
  const pattern = /(?<![\w.])(-?\d+(?:\.\d+)?%?|-?inf)(?![\w])/g;
  let last = 0;
  for (const match of String(sentence).matchAll(pattern)) {
    if (match.index > last) parts.push({ text: sentence.slice(last, match.index), number: false });
    parts.push({ text: match[0], number: true });
    last = match.index + match[0].length;
  }
  if (last < sentence.length) parts.push({ text: sentence.slice(last), number: false });
  return parts;
}

/**
 * Every link's rectangle in root coordinates: the pass root's rectangle on screen (`rootRect`,
 * [x, y, w, h] from the screen boxes) plus each link's position in its parent.
 */
export function linkRects(answer, rootRect) {
  const rects = [];
  let x = rootRect ? rootRect[0] : 0;
  let y = rootRect ? rootRect[1] : 0;
  answer.chain.forEach((link, index) => {
    if (index > 0) { x += link.frame[0]; y += link.frame[1]; }
    rects.push([x, y, link.frame[2], link.frame[3]]);
  });
  return rects;
}

const value = (step, name) => (step?.values ? step.values[name] : undefined);
const last = (steps, rule) => steps.filter((s) => s.rule === rule).pop();

/**
 * The boxes the screen view draws for link `index`: the element with its size, what it measured
 * first when the flex or stretch pass changed it (its flex basis against its final size), the
 * free or overflowing space of its stack line, its inset's bands, and the parent's range when that
 * range overrode the element's own style. Each {kind, rect, label}.
 */
export function highlights(answer, index, rootRect) {
  const rects = linkRects(answer, rootRect);
  const link = answer.chain[index];
  if (!link) return [];
  const rect = rects[index];
  const steps = link.steps || [];
  const parentSteps = steps.filter((s) => s.section === 'parent');
  const out = [{ kind: 'element', rect, label: `${formatNumber(rect[2])} x ${formatNumber(rect[3])}` }];
  const measured = last(parentSteps, 'stack.measure');
  if (measured && (value(measured, 'width') !== rect[2] || value(measured, 'height') !== rect[3])) {
    out.push({ kind: 'measured', rect: [rect[0], rect[1], value(measured, 'width'), value(measured, 'height')],
      label: `measured ${formatNumber(value(measured, 'width'))} x ${formatNumber(value(measured, 'height'))}` });
  }
  if (index === 0) return out;
  const parent = answer.chain[index - 1];
  const parentRect = rects[index - 1];
  const line = (parent.steps || []).filter((s) => s.rule === 'stack.line' && s.section === 'own')
    .find((s) => link.childIndex != null && link.childIndex >= value(s, 'first') && link.childIndex < value(s, 'first') + value(s, 'count'));
  if (line && value(line, 'violation') !== 0) {
    const violation = value(line, 'violation');
    const horizontal = value(line, 'horizontal') === 1;
    const sum = value(line, 'sum');
    if (violation > 0) {
      out.push({ kind: 'free', label: `free ${formatNumber(violation)}`, rect: horizontal
        ? [parentRect[0] + sum, parentRect[1], violation, parentRect[3]]
        : [parentRect[0], parentRect[1] + sum, parentRect[2], violation] });
    } else {
      out.push({ kind: 'overflow', rect: parentRect, label: `overflowing by ${formatNumber(-violation)}` });
    }
  }
  if (parentSteps.some((s) => s.rule === 'inset.childRange')) {
    const [px, py, pw, ph] = parentRect;
    const [cx, cy, cw, ch] = rect;
    const bands = [[px, py, pw, cy - py], [px, cy + ch, pw, py + ph - (cy + ch)], [px, cy, cx - px, ch], [cx + cw, cy, px + pw - (cx + cw), ch]];
    for (const band of bands) if (band[2] > 0 && band[3] > 0) out.push({ kind: 'inset', rect: band, label: null });
    const top = cy - py;
    const left = cx - px;
    out.push({ kind: 'inset-label', rect: parentRect, label: `inset ${formatNumber(top)}, ${formatNumber(left)}` });
  }
  const overridden = steps.find((s) => s.section === 'style' && NO_EFFECT.has(s.rule));
  if (overridden) {
    const axis = /^style (min|max)?[wW]idth/.test(overridden.sentence) ? 'width' : 'height';
    out.push({ kind: 'clamp', rect: parentRect,
      label: `${parent.name}: ${axis} ${span(value(overridden, 'givenMin'), value(overridden, 'givenMax'))} wins` });
  }
  return out;
}
