// The selected element's properties, as dev tools show a DOM node's: identity, frames in parent
// and root coordinates, sizes, style (Texture's description plus editable fields), spec and node
// properties, interface state, hit testing and image cost. Live edits go to the device
// (Layout.setStyle / Layout.setSpecProperty) with errors shown inline; each edited element can
// be reverted, or all at once. Edits live in the program's process, which keeps the one list
// every inspector attached to it shows (Layout.editsChanged, program-edits.js): the panel keeps
// that list per process (identity and pid), so another device, or the same app restarted, shows
// none of them, and Undo, Redo and Revert ask the program, whoever made the edit.

import { h, section, num, rectText, sizeText } from './dom.js';
import { patchChildren } from './dom-patch.js';
import { displayText } from '../json-values.js';
import { numberValue, frameNumbers } from '../tree-model.js';
import { STYLE_FIELDS, SPEC_FIELDS, DEFAULTS, parseValue, formatValue, describeStyle, describeInterfaceState, sizeEditHint } from '../layout-vocabulary.js';
import { wastedBytes } from '../overlay-geometry.js';
import { PerProcess, shownProcessKey } from './per-process.js';
import { ProgramEdits } from '../program-edits.js';
import { editsList } from './edits-list.js';

/** Who this page is in the lists of edits (Layout.setStyle's `by`): other pages show it. */
const EDITOR = `web inspector ${Math.random().toString(16).slice(2, 6)}`;

export class PropertiesPanel {
  /**
   * @param {object} live {canEdit(): bool, call(method, params): Promise, appKey(): string or null
   *   (the live process: edits and their errors are kept per key)}
   * @param {ProgramClock} clock whether the program is paused: edits then wait for a step
   */
  constructor(state, container, live, clock) {
    this.state = state;
    this.container = container;
    this.live = live;
    this.clock = clock;
    // Per process: edits: the program's list (program-edits.js); errors: `${id}:${key}` ->
    // message; notice: the edits bar's message.
    this.apps = new PerProcess(() => ({ edits: new ProgramEdits(), errors: new Map(), notice: null }));
    this.editor = EDITOR;
    this.listOpen = false; // the edits list's details, open or closed, across renders
    this.pending = false;
    this.shownId = null; // the element whose properties are on show (patched in place while it stays)
    state.on('selection', () => this.render());
    state.on('document', () => this.render());
    state.on('live', () => this.render()); // the fields are editable only while requests reach the process on show
    state.on('update', (changes) => { if (changes.structure || changes.changed.has(this.state.selectedId)) this.render(); });
    state.on('program-clock', () => this.render()); // the edits bar says whether edits wait for a step
    container.addEventListener('focusout', () => { if (this.pending) { this.pending = false; queueMicrotask(() => this.render()); } });
    this.render();
  }

  render() {
    const { model, selectedId } = this.state;
    // A field the user types in is never replaced: the same element's values are patched around
    // it (#show); another element's wait until the user leaves the field.
    if (selectedId !== this.shownId && this.container.contains(document.activeElement) && document.activeElement.matches('input, select')) {
      this.pending = true;
      return;
    }
    const el = selectedId && model ? model.get(selectedId) : null;
    const sections = [];
    // A file's elements may share ids with the live app's, but they hold none of its edits.
    const app = this.apps.of(shownProcessKey(this.state, this.live));
    this.#markEdited(app.edits.ids());
    // Always a slot, empty when there is nothing to say: an edit made elsewhere (another
    // browser) then changes the slot alone, and the fields below keep focus (#show).
    sections.push(app.edits.size || app.edits.undo || app.edits.redo || app.notice ? this.#editsBar(app) : h('div.edits-bar-slot', { hidden: true }));
    if (!el) {
      const lost = this.state.lostSelection;
      sections.push(lost ? h('div.section', { id: 'selection-lost', role: 'status' },
        h('p', {}, `The selected ${lost.name} (${lost.id}) is gone: its cell was released as it scrolled away, or it was removed. `
          + 'It is selected again when it comes back.'),
        h('p', {}, 'Last path: ', h('code', {}, lost.path || '—')),
        h('button', { type: 'button', id: 'forget-lost', onclick: () => this.state.select(null) }, 'Forget it'))
        : h('div.empty', {}, model ? 'Select an element in the tree or on the screen.' : 'No document.'));
      this.#show(null, sections);
      return;
    }
    const props = el.props || {};
    sections.push(section('Element', [
      // displayText: h() would flatten a list given as it is.
      ['class', displayText(el.className)],
      ['debugName', displayText(el.debugName || '—')],
      ['id', el.id],
      ['kind', el.kind === 'spec' ? `layout spec (${displayText(el.type)})` : 'node'],
    ]));
    sections.push(section('Frame', [
      ['in parent', rectText(el.frame)],
      ['in root', rectText(model.rootFrame(el.id))],
      // Defaults of docs/snapshot-format.md: the range {0,0}...{inf,inf}; the calculated size is the frame's.
      ['constrained', `min ${sizeText((el.constrainedSize || {}).min || [0, 0])}, max ${sizeText((el.constrainedSize || {}).max || ['inf', 'inf'])}`],
      ['calculated', sizeText(el.calculatedSize || (el.frame || [0, 0, 0, 0]).slice(2))],
    ]));
    sections.push(this.#styleSection(el, app));
    if (el.kind === 'spec') sections.push(this.#specSection(el, app));
    else sections.push(this.#nodeSection(el, props));
    sections.push(section('Interface state', [['state', `${displayText(el.interfaceState || 0)} (${describeInterfaceState(el.interfaceState || 0)})`]]));
    if (props.hitTestSlop || el.tappable) {
      sections.push(section('Hit testing', [
        ['hitTestSlop', props.hitTestSlop ? `top ${num(props.hitTestSlop[0])}, left ${num(props.hitTestSlop[1])}, bottom ${num(props.hitTestSlop[2])}, right ${num(props.hitTestSlop[3])}` : 'none'],
        ['tappable area', el.tappable ? rectText(el.tappable.rect) : undefined],
        ['restricted edges', el.tappable ? formatValue(el.tappable.restricted) || 'none' : undefined],
        ['clipped edges', el.tappable ? formatValue(el.tappable.clipped) || 'none' : undefined],
      ]));
    }
    if (props.image) sections.push(this.#imageSection(el, props.image));
    this.#show(el.id, sections);
  }

  /**
   * Shows the sections: the same element's are patched in place (updates come dozens of times a
   * second while the app scrolls: focus, selected text and copying must survive them), another
   * element's replace the panel.
   */
  #show(id, sections) {
    if (id !== null && id === this.shownId) patchChildren(this.container, h('div', {}, ...sections));
    else this.container.replaceChildren(...sections);
    this.shownId = id;
  }

  /** The elements the tree marks as edited: the shown process's (none for a file). */
  #markEdited(ids) {
    const shown = this.state.edited || new Set();
    if (ids.size === shown.size && [...ids].every((id) => shown.has(id))) return;
    this.state.edited = ids;
    this.state.emit('edits');
  }

  #editsBar({ edits, notice }) {
    return editsList(edits, {
      select: (id) => this.state.select(id, { origin: 'edits' }),
      undo: () => this.#request('Layout.undoEdit', {}),
      redo: () => this.#request('Layout.redoEdit', {}),
      revertAll: () => this.revert(null),
      revertOne: (id, key) => this.#request('Layout.revertEdits', { id, property: key }),
    }, { model: this.state.source?.kind === 'live' ? this.state.model : null, open: this.listOpen, notice, paused: this.clock.paused,
      editor: EDITOR, onToggle: (open) => { this.listOpen = open; } });
  }

  /**
   * Asks the live process to change its list (undo, redo, revert one property); the list comes
   * back in Layout.editsChanged (and in undo's and redo's replies). A refusal says why.
   */
  async #request(method, params) {
    const app = this.apps.of(this.live.appKey());
    try {
      const result = await this.live.call(method, params);
      if (result && Array.isArray(result.edits)) app.edits.take(result);
      app.notice = null;
    } catch (error) {
      app.notice = `The program refused it: ${error.message}`;
    }
    this.render();
  }

  /** The live process's list of edits changed (Layout.editsChanged), or was fetched (Layout.getEdits). */
  editsChanged(params) {
    const app = this.apps.of(this.live.appKey());
    try {
      app.edits.take(params);
    } catch (error) {
      app.notice = `${error.message}.`;
    }
    this.render();
  }

  /** Asks the live process for its list of edits (a document came: attached, or fetched again). */
  async load() {
    try {
      this.editsChanged(await this.live.call('Layout.getEdits', {}));
    } catch {
      // A program that lists no edits (an older one), or gone: its events still say.
    }
  }

  /** Undo / redo from the keyboard (Ctrl+Z, Ctrl+Shift+Z) outside text fields. */
  keyboard(e) {
    if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z' || e.target.closest?.('input, textarea, select')) return;
    e.preventDefault();
    const { edits } = this.apps.of(this.live.appKey());
    if (e.shiftKey) { if (edits.redo) this.#request('Layout.redoEdit', {}); } else if (edits.undo) this.#request('Layout.undoEdit', {});
  }

  #styleSection(el, app) {
    const style = el.style || {};
    const title = h('h3', {}, 'Style',
      app.edits.has(el.id) ? h('button.revert', { type: 'button', onclick: () => this.revert(el.id) }, 'Revert element') : null);
    const list = h('dl.props');
    list.append(h('dt', {}, 'description'), h('dd', { class: 'style-description' }, describeStyle(style)));
    for (const [key, kind] of Object.entries(STYLE_FIELDS)) this.#field(list, el, app, 'style', key, kind, style[key]);
    return h('div.section', {}, title, list);
  }

  #specSection(el, app) {
    const props = el.props || {};
    const fields = SPEC_FIELDS[el.type] || {};
    const list = h('dl.props');
    for (const [key, kind] of Object.entries(fields)) this.#field(list, el, app, 'spec', key, kind, props[key]);
    for (const [key, value] of Object.entries(props)) {
      if (key in fields) continue;
      list.append(h('dt', {}, key), h('dd', {}, formatValue(value)));
    }
    if (!list.children.length) list.append(h('dt', {}, '—'), h('dd', {}, 'no properties'));
    return h('div.section', {}, h('h3', {}, 'Spec properties'), list);
  }

  #nodeSection(el, props) {
    const control = props.control;
    return section('Node properties', [
      ['text', props.text !== undefined ? `“${displayText(props.text)}”` : undefined],
      ['lines', props.lines !== undefined ? props.lines.length : undefined],
      ['font', props.font ? `${num(props.font.size)} pt, ${displayText(props.font.weight || 'regular')}` : undefined],
      ['control', control ? `${control.enabled === false ? 'disabled' : 'enabled'}${control.selected ? ', selected' : ''}${control.highlighted ? ', highlighted' : ''}` : undefined],
      ['targets', control && control.targets ? targetsText(control.targets) : undefined],
      ['clipsToBounds', props.clipsToBounds !== undefined ? displayText(props.clipsToBounds) : undefined],
      ['hidden', props.hidden !== undefined ? displayText(props.hidden) : undefined],
      ['alpha', props.alpha !== undefined ? num(props.alpha) : undefined],
      ['backgroundColor', props.backgroundColor !== undefined ? formatValue(props.backgroundColor) : undefined],
    ]);
  }

  #imageSection(el, image) {
    const scale = numberValue(this.state.model.meta.screen && this.state.model.meta.screen.scale) || 2;
    const [, , width, height] = frameNumbers(el);
    const measured = typeof image.pixelWidth === 'number' && typeof image.pixelHeight === 'number';
    const waste = measured && image.pixelWidth ? wastedBytes(image.pixelWidth, image.pixelHeight, width, height, scale) : undefined;
    const ratio = image.scalingRatio;
    return section('Image', [
      ['pixels', image.pixelWidth ? `${num(image.pixelWidth)} × ${num(image.pixelHeight)} @${num(image.scale || 1)}x` : undefined],
      ['scaling ratio', typeof ratio === 'number' ? h(ratio === 1 ? 'span' : 'span.error-text', {}, `${ratio.toFixed(2)}x`) : undefined],
      ['decoded bytes', image.decodedBytes !== undefined ? bytes(image.decodedBytes) : undefined],
      ['wasted bytes', waste !== undefined ? bytes(waste) : undefined],
    ]);
  }

  #field(list, el, app, kind, key, valueKind, value) {
    const editable = this.live.canEdit();
    const fallback = (DEFAULTS[kind === 'style' ? 'style' : el.type] || {})[key];
    const hint = fallback === undefined ? 'default' : `default (${formatValue(fallback)})`;
    const edit = app.edits.find(el.id, key);
    const errorKey = `${el.id}:${key}`;
    const commit = (text) => this.#commit(el.id, kind, key, valueKind, text);
    let input;
    if (Array.isArray(valueKind)) {
      input = h('select', { disabled: !editable, 'aria-label': key, dataset: { key } },
        h('option', { value: '' }, hint),
        valueKind.map((option) => h('option', { value: option, selected: option === value }, option)));
      input.addEventListener('change', () => commit(input.value));
    } else {
      input = h('input', { type: 'text', value: formatValue(value), placeholder: hint, disabled: !editable, 'aria-label': key, dataset: { key } });
      // Enter commits at once; the commit then leaves the field, which fires `change` for the
      // same text: that one is not a second edit (nor a second request to the device).
      let entered = null;
      input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') { e.preventDefault(); entered = input.value; commit(input.value); }
        if (e.key === 'Escape') { input.value = input.defaultValue; input.blur(); } // the value shown last (patched in place)
      });
      input.addEventListener('change', () => { if (input.value !== entered) commit(input.value); });
    }
    // The revert button is always there, hidden while the property has no edit: an edit made
    // elsewhere then leaves the field in place (with its focus).
    const row = h('div.edit-row', {}, input,
      h('button.revert', { type: 'button', hidden: !edit, title: edit ? `Revert ${key} (was ${edit.old === null ? 'default' : formatValue(edit.old)})` : `Revert ${key}`,
        'aria-label': `Revert ${key}`, onclick: () => this.#request('Layout.revertEdits', { id: el.id, property: key }) }, '↺'));
    if (edit) row.classList.add('edited');
    list.append(h('dt', {}, key), h('dd', {}, row));
    const error = app.errors.get(errorKey);
    if (error) list.append(h('dd.edit-error', { role: 'alert' }, error));
    // An accepted size edit the parent's exact range overrides: say so, or it looks ignored.
    const overridden = edit && kind === 'style' ? sizeEditHint(el, key) : null;
    if (overridden) list.append(h('dd.edit-hint', { role: 'status' }, overridden));
  }

  async #commit(id, kind, key, valueKind, text) {
    const errorKey = `${id}:${key}`;
    const appKey = this.live.appKey(); // the process the edit goes to
    const { errors } = this.apps.of(appKey);
    const parsed = parseValue(valueKind, text);
    if (String(text).trim() === '') {
      // An emptied field (or the menu's "default" entry) is not an edit: Revert goes back to
      // defaults. The field shows the element's value again below.
    } else if (parsed.error) {
      errors.set(errorKey, parsed.error);
    } else {
      const method = kind === 'style' ? 'Layout.setStyle' : 'Layout.setSpecProperty';
      try {
        // The program lists the edit (Layout.editsChanged) before it answers.
        await this.live.call(method, { id, property: key, value: parsed.value, by: EDITOR });
        errors.delete(errorKey);
        this.apps.of(appKey).notice = null; // while the program is paused, the edits bar says the edit waits (edits-list.js)
      } catch (error) {
        errors.set(errorKey, error.message);
      }
    }
    // Show the outcome now: leave the field (a render waits while the user types in one).
    if (document.activeElement && this.container.contains(document.activeElement)) document.activeElement.blur();
    this.pending = false;
    this.render();
  }

  /** The device dropped an edit override (its spec changed shape: Layout.editDropped); Layout.editsChanged updates the list. */
  editDropped({ id, reason }) {
    this.apps.of(this.live.appKey()).notice = `The edit of ${id} was dropped by the app${reason ? `: ${reason}` : ''}.`;
    this.render();
  }

  /** Whether the live process holds edits of element `id`. */
  hasEdits(id) { return this.state.source?.kind === 'live' && this.apps.of(this.live.appKey()).edits.has(id); }

  /** Reverts the edits of one element, or of all elements when id is null. */
  async revert(id) {
    const app = this.apps.of(this.live.appKey());
    try {
      await this.live.call('Layout.revertEdits', id ? { id } : {});
      for (const key of [...app.errors.keys()]) if (!id || key.startsWith(`${id}:`)) app.errors.delete(key);
      app.notice = null;
    } catch (error) {
      app.notice = `Revert failed: ${error.message}`;
    }
    this.render();
  }
}

/** A control's targets, `event → action; …`: a list of {event, action} (checked as documents enter; any JSON in each). */
function targetsText(targets) {
  return targets.map((t) => `${displayText(t.event)} → ${displayText(t.action)}`).join('; ') || 'none';
}

function bytes(n) {
  if (typeof n !== 'number') return displayText(n); // a file's own value: `n >= 1048576` would read it as a number
  if (n >= 1048576) return `${(n / 1048576).toFixed(2)} MB (${n} bytes)`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB (${n} bytes)`;
  return `${n} bytes`;
}
