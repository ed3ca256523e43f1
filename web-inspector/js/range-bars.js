// Geometry of Texture's range-controller visualization (docs/texture-semantics.md section 6): one
// 24-pt bar per controller with three 9-pt strips (preload orange, display yellow, visible
// green) sized by the tuning of the controller's current mode, and direction arrows.

import { TEXTURE_TUNING, rangeMode } from './implied-values.js';
import { numberValue } from './tree-model.js';
import { displayText } from './json-values.js';

export const BAR_HEIGHT = 24;
export const STRIP_HEIGHT = 9;
const HORIZONTAL_INSET = 10;

const ARROW_WIDTH = 10;
const ARROW_Y = 12;
const VERTICAL = new Set(['up', 'down']);


/**
 * Extent of the viewport expanded by (leading, trailing) screenfuls, in viewport lengths, along
 * the measured axis: the expansion applies only when that axis is scrollable.
 */
function extent(tuning, axisScrollable) {
  if (!axisScrollable || !tuning) return 1;
  const [leading, trailing] = screenfuls(tuning);
  return 1 + leading + trailing;
}

function leadRatio(tuning) {
  if (!tuning) return 0;
  const [leading, trailing] = screenfuls(tuning);
  const sum = leading + trailing;
  return sum === 0 ? 0 : leading / sum;
}

/** A tuning's [leading, trailing] as numbers: a file may hold any JSON there (NaN draws nothing). */
function screenfuls(tuning) {
  return [numberValue(tuning[0]), numberValue(tuning[1])];
}

/**
 * Bar geometry for one RangeController (docs/protocol.md) drawn `barWidth` points wide.
 * Returns {label, strips: [{range, x, width}] back to front (each at y 12, 9 tall),
 * arrows: [{side, glyph, x, y, width, height}]}, as fixtures/range-bars states them.
 */
export function rangeBarGeometry(controller, barWidth) {
  const direction = controller.scrollDirection || [];
  const vertical = direction.some((d) => VERTICAL.has(d));
  const scrollableVertically = controller.orientation !== 'horizontal';
  const measuredAxisScrollable = vertical ? scrollableVertically : !scrollableVertically;
  const mode = rangeMode(controller);
  const tuning = (controller.tuning && controller.tuning[mode]) || TEXTURE_TUNING[mode] || {};

  const visibleExtent = 1;
  const displayExtent = extent(tuning.display, measuredAxisScrollable);
  const preloadExtent = extent(tuning.preload, measuredAxisScrollable);
  const displayLarger = displayExtent >= preloadExtent; // a tie counts display as the larger
  const largest = displayLarger ? displayExtent : preloadExtent;
  const inner = barWidth - 2 * HORIZONTAL_INSET;
  const visibleWidth = inner * (visibleExtent / largest);
  const displayWidth = inner * (displayLarger ? 1 : displayExtent / largest);
  const preloadWidth = inner * (displayLarger ? preloadExtent / largest : 1);
  const leadDisplay = leadRatio(tuning.display);
  const leadPreload = leadRatio(tuning.preload);

  let visibleX = 0;
  let displayX = 0;
  let preloadX = 0;
  const leadsAtStart = direction.includes('left') || direction.includes('up');
  const leadsAtEnd = direction.includes('right') || direction.includes('down');
  if (leadsAtStart || leadsAtEnd) {
    // Leading at the start (left/up) places the larger range's lead share before the visible strip.
    const share = (ratio) => (leadsAtStart ? ratio : 1 - ratio);
    if (displayLarger) {
      visibleX = (displayWidth - visibleWidth) * share(leadDisplay);
      preloadX = visibleX - (preloadWidth - visibleWidth) * share(leadPreload);
    } else {
      visibleX = (preloadWidth - visibleWidth) * share(leadPreload);
      displayX = visibleX - (displayWidth - visibleWidth) * share(leadDisplay);
    }
  }

  const strip = (range, x, width) => ({ range, x: HORIZONTAL_INSET + x, width });
  // Texture sends preload to the back when its ratio is 1 (also on a tie), else display.
  const preloadRatio = displayLarger ? preloadExtent / displayExtent : 1;
  const back = preloadRatio === 1
    ? [strip('preload', preloadX, preloadWidth), strip('display', displayX, displayWidth)]
    : [strip('display', displayX, displayWidth), strip('preload', preloadX, preloadWidth)];
  // Arrows: the left (or up) one only when the direction is exactly left or up, the right (or
  // down) one only when exactly right or down; each in a 10-pt column beside the strips.
  const only = direction.length === 1 ? direction[0] : null;
  const arrows = [];
  if (only === 'left' || only === 'up') {
    arrows.push({ side: 'left', glyph: vertical ? '▲' : '◀', x: 0, y: ARROW_Y, width: ARROW_WIDTH, height: ARROW_Y });
  }
  if (only === 'right' || only === 'down') {
    arrows.push({ side: 'right', glyph: vertical ? '▼' : '▶', x: barWidth - ARROW_WIDTH, y: ARROW_Y, width: ARROW_WIDTH, height: ARROW_Y });
  }
  return {
    label: displayText(controller.dataSource || controller.owner || controller.id),
    strips: [...back, strip('visible', visibleX, visibleWidth)],
    arrows,
  };
}

/** Colours of the strips (alpha 0.5 fill, 1-pt black border alpha 0.9, radius 3). */
export const STRIP_COLORS = {
  preload: 'rgba(255, 127, 0, 0.5)',
  display: 'rgba(255, 255, 0, 0.5)',
  visible: 'rgba(0, 255, 0, 0.5)',
  border: 'rgba(0, 0, 0, 0.9)',
};

/**
 * Expands the run-length item states [[start, end, mask], ...] into one mask per item, for the
 * first `limit` items at most (a view shows no more).
 */
export function itemStateMasks(controller, limit = Infinity) {
  const masks = new Uint8Array(Math.max(0, Math.min(limit, numberValue(controller.itemCount) || 0)));
  for (const run of controller.itemStates || []) {
    const [start, end, mask] = run.map(numberValue); // anything but numbers: NaN, which sets no item
    for (let i = Math.max(0, start); i <= end && i < masks.length; i++) masks[i] = mask;
  }
  return masks;
}
