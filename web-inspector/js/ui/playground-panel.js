// Playground: a layout-json document (docs/layout-json.md) evaluated by the attached program
// (Layout.evaluate); the computed frames are drawn and the ASCII art shown. The program lays
// out whatever the views show (a file cannot compute a layout). The result (or error) is kept
// per process (per-process.js), as the Drive panel's log is: it is that process's layout, so
// another device or the same app restarted shows its own output, or none.

import { h, setChildren } from './dom.js';
import { playgroundDrawing } from '../playground-drawing.js';
import { PerProcess } from './per-process.js';
import { displayText, tooDeepNotice } from '../json-values.js';

const SAMPLE = {
  scale: 2,
  sizeRange: { min: [0, 0], max: [375, 'inf'] },
  root: {
    type: 'inset', id: 'row', insets: [8, 8, 8, 8],
    child: {
      type: 'stack', id: 'line', direction: 'horizontal', spacing: 8, alignItems: 'center',
      children: [
        { type: 'box', id: 'avatar', className: 'ASNetworkImageNode', intrinsicSize: [32, 32] },
        { type: 'stack', id: 'texts', direction: 'vertical', style: { flexGrow: 1, flexShrink: 1 }, children: [
          { type: 'box', id: 'name', className: 'ASTextNode', intrinsicSize: [120, 18] },
          { type: 'box', id: 'time', className: 'ASTextNode', intrinsicSize: [60, 14] },
        ] },
      ],
    },
  },
};

const MAX_CANVAS_HEIGHT = 8192;

export class PlaygroundPanel {
  constructor(state, container, live) {
    this.state = state;
    this.container = container;
    this.live = live;
    this.source = h('textarea.code', { id: 'playground-source', spellcheck: false, 'aria-label': 'layout-json document' });
    this.source.value = compactJSON(SAMPLE);
    this.output = h('div', { id: 'playground-output' });
    this.outputs = new PerProcess(() => h('div')); // per process: its last evaluation's output
    container.replaceChildren(
      h('div.muted', {}, 'A layout-json document, laid out by the attached program (Layout.evaluate).'),
      this.source,
      h('div.row-actions', {}, h('button', { type: 'button', id: 'playground-run', onclick: () => this.run() }, 'Evaluate'),
        h('span.muted', {}, 'Ctrl+Enter')),
      this.output);
    this.source.addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); this.run(); } });
    // Another live process (another device, a restart, none): show that process's output.
    state.on('live', () => this.#showOutput());
    this.#showOutput();
  }

  /** Shows the output of the live process, where Evaluate sends the document (PerProcess.shown), and returns it. */
  #showOutput() {
    const output = this.outputs.shown(this.live.appKey());
    this.output.replaceChildren(output);
    return output;
  }

  async run() {
    // The output of the process the document goes to: the reply fills it in, shown or not.
    const output = this.#showOutput();
    let document_;
    try {
      document_ = JSON.parse(this.source.value);
    } catch (error) {
      output.replaceChildren(h('div.error-text', { role: 'alert' }, `Not JSON: ${error.message}`));
      return;
    }
    if (!this.live.attached()) {
      output.replaceChildren(h('div.error-text', { role: 'alert' }, 'No device is attached: choose one in the device list (the attached program lays the document out).'));
      return;
    }
    output.replaceChildren(h('div.muted', {}, 'Evaluating…'));
    try {
      const result = await this.live.call('Layout.evaluate', { document: document_ });
      this.#show(output, result);
    } catch (error) {
      const detail = error.data ? `\n${displayText(error.data)}` : '';
      output.replaceChildren(h('div.error-text', { role: 'alert' }, `${error.message}${detail}`));
    }
  }

  #show(output, result) {
    const size = result.size || (result.root && result.root.frame ? result.root.frame.slice(2) : [0, 0]);
    // The region holds the boxes as well as the reported size, which may be 0 x 0 ("inf" in an
    // unbounded range) around boxes that have sizes (playground-drawing.js).
    const { boxes, region: [rx, ry, rw, rh] } = playgroundDrawing(result);
    // At most 300 px wide (the panel) and MAX_CANVAS_HEIGHT tall: a browser draws nothing at all
    // on a canvas past its size limit (a tall layout, 100 000 pt, at the width's scale was one).
    const scale = Math.min(2, 300 / Math.max(1, rw), MAX_CANVAS_HEIGHT / Math.max(1, rh));
    const canvas = h('canvas.playground-canvas', { width: Math.ceil(rw * scale) + 2, height: Math.ceil(rh * scale) + 2 });
    const ctx = canvas.getContext('2d');
    ctx.translate(1, 1);
    ctx.scale(scale, scale);
    ctx.translate(-rx, -ry);
    for (const { x, y, w, h: height, type, id } of boxes) {
      const isBox = type === 'box';
      ctx.setLineDash(isBox ? [] : [4 / scale, 3 / scale]);
      ctx.strokeStyle = isBox ? 'rgba(26,115,232,0.9)' : 'rgba(142,68,173,0.8)';
      ctx.lineWidth = 1 / scale;
      ctx.strokeRect(x, y, w, height);
      if (isBox && typeof id === 'string' && id) {
        ctx.fillStyle = '#5f6368';
        ctx.font = `${10 / scale}px system-ui, sans-serif`;
        ctx.fillText(id, x + 2 / scale, y + 10 / scale);
      }
    }
    setChildren(output,
      h('div.muted', {}, `size ${displayText(size[0])} × ${displayText(size[1])}`),
      canvas,
      result.ascii ? h('pre.ascii', { id: 'playground-ascii', tabindex: '0', 'aria-label': 'ASCII art of the layout' }, displayText(result.ascii)) : null,
      typeof result.asciiOmitted === 'string' ? h('div.muted', { id: 'playground-ascii-omitted' }, `No ASCII art: ${displayText(result.asciiOmitted)}`) : null,
      h('details', {}, h('summary', {}, 'JSON result'), h('pre.ascii', { tabindex: '0', 'aria-label': 'JSON result' }, compactJSON(result))));
  }
}

/**
 * JSON indented by objects, with arrays of numbers and strings kept on one line; a value nested
 * deeper than the page prints (a device may answer anything) is the notice that says so. The
 * recursion goes at most that deep.
 */
function compactJSON(value) {
  return tooDeepNotice(value) ?? indentedJSON(value, '');
}

function indentedJSON(value, indent) {
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return JSON.stringify(value).replaceAll(',', ', ');
    const inner = indent + '  ';
    return `[\n${value.map((v) => inner + indentedJSON(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return '{}';
    const inner = indent + '  ';
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${indentedJSON(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}
