// Measuring between two elements, as Reveal and Chrome's ruler do: the selected element's box
// `a` and the hovered one's `b` (root coordinates, [x, y, w, h]) give the segments to draw, each
// {from: [x, y], to: [x, y], length}: the gaps between them when they are apart, or, when one
// holds the other, the inner box's distances to the outer box's four edges; and the offset of
// their centres. Pure: the screen view draws what this returns.

/** The measurement between boxes a and b: {segments, centres: {dx, dy}}. */
export function measureBetween(a, b) {
  const [ax0, ay0, aw, ah] = a;
  const [bx0, by0, bw, bh] = b;
  const ax1 = ax0 + aw; const ay1 = ay0 + ah;
  const bx1 = bx0 + bw; const by1 = by0 + bh;
  const segments = [];
  const seg = (from, to) => segments.push({ from, to, length: Math.abs(to[0] - from[0]) + Math.abs(to[1] - from[1]) });
  const contains = (p0, q0, p1, q1, r0, s0, r1, s1) => p0 <= r0 && q0 <= s0 && p1 >= r1 && q1 >= s1;
  if (contains(ax0, ay0, ax1, ay1, bx0, by0, bx1, by1) || contains(bx0, by0, bx1, by1, ax0, ay0, ax1, ay1)) {
    // One inside the other: from each edge of the inner box out to the outer box's.
    const inner = contains(ax0, ay0, ax1, ay1, bx0, by0, bx1, by1) ? [bx0, by0, bx1, by1] : [ax0, ay0, ax1, ay1];
    const outer = inner[0] === bx0 && inner[1] === by0 && inner[2] === bx1 && inner[3] === by1 ? [ax0, ay0, ax1, ay1] : [bx0, by0, bx1, by1];
    const cy = (inner[1] + inner[3]) / 2; const cx = (inner[0] + inner[2]) / 2;
    seg([outer[0], cy], [inner[0], cy]); // left
    seg([inner[2], cy], [outer[2], cy]); // right
    seg([cx, outer[1]], [cx, inner[1]]); // top
    seg([cx, inner[3]], [cx, outer[3]]); // bottom
  } else {
    // Apart (or overlapping without containing): the gap along each axis where they do not overlap.
    const midY = (Math.max(ay0, by0) + Math.min(ay1, by1)) / 2;
    const midX = (Math.max(ax0, bx0) + Math.min(ax1, bx1)) / 2;
    const y = ay1 <= by0 || by1 <= ay0 ? (ay0 + ah / 2) : midY;
    const x = ax1 <= bx0 || bx1 <= ax0 ? (ax0 + aw / 2) : midX;
    if (ax1 <= bx0) seg([ax1, y], [bx0, y]);
    else if (bx1 <= ax0) seg([bx1, y], [ax0, y]);
    if (ay1 <= by0) seg([x, ay1], [x, by0]);
    else if (by1 <= ay0) seg([x, by1], [x, ay0]);
  }
  return { segments, centres: { dx: (bx0 + bw / 2) - (ax0 + aw / 2), dy: (by0 + bh / 2) - (ay0 + ah / 2) } };
}
