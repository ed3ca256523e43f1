// The live edits list at the top of the Properties panel: the program's list, the same in every
// inspector attached to it: "N live edits on M elements", Undo, Redo, Revert all, and (open)
// each edit: element (a button that selects it, marked when the element is not in the document
// on show, e.g. a released cell), property, old and new value, who made it, and Revert for that
// one property. While the program is paused it says what of the edits waits for a step.

import { h } from './dom.js';
import { formatValue } from '../layout-vocabulary.js';
import { displayText } from '../json-values.js';

/**
 * @param {ProgramEdits} list
 * @param {object} actions {select(id), undo(), redo(), revertAll(), revertOne(id, property)}
 * @param {object} view {model, open: bool (the list shown), notice: string or null, paused: bool
 *   (the program's clock), editor: this page's name in `by`, onToggle(open)}
 */
export function editsList(list, actions, { model, open, notice, paused, editor, onToggle }) {
  const count = list.size;
  const elements = list.elementCount;
  const rows = list.edits.map((edit) => {
    const present = !!(model && model.get(edit.id));
    const name = `${displayText(edit.name)} ${displayText(edit.id)}`;
    return h('tr', { dataset: { id: edit.id, key: edit.property } },
      h('td', {}, h('button.link', { type: 'button', disabled: !present, title: present ? displayText(edit.path) : `${displayText(edit.path)} (not in the document on show)`,
        onclick: () => actions.select(edit.id) }, name), present ? null : h('span.gone', {}, ' gone')),
      h('td', {}, displayText(edit.property)),
      h('td.before', {}, edit.old === null ? 'default' : formatValue(edit.old)),
      h('td.after', {}, formatValue(edit.value)),
      h('td.by', {}, edit.by === undefined ? '—' : edit.by === editor ? 'this page' : displayText(edit.by)),
      h('td', {}, h('button.revert', { type: 'button', title: `Revert ${edit.property} of ${edit.id}`, 'aria-label': `Revert ${edit.property} of ${edit.id}`,
        onclick: () => actions.revertOne(edit.id, edit.property) }, '↺')));
  });
  const details = h('details.edits-list', { id: 'edits-list', open },
    h('summary', {}, `${count} live edit${count === 1 ? '' : 's'} on ${elements} element${elements === 1 ? '' : 's'}`),
    count ? h('table.grid', {}, h('thead', {}, h('tr', {}, h('th', {}, 'element'), h('th', {}, 'property'), h('th', {}, 'old'), h('th', {}, 'new'),
      h('th', {}, 'by'), h('th', {}, h('span.visually-hidden', {}, 'revert')))),
    h('tbody', {}, rows)) : null);
  details.addEventListener('toggle', () => onToggle(details.open));
  return h('div.section.edits-bar', {},
    details,
    paused && count ? h('p.muted', { id: 'edits-wait', role: 'status' },
      'The program is paused: an edit is laid out at once, but what needs a frame (cells of a list, motion) waits for its next Step or Resume program (Drive tab).') : null,
    h('div.row-actions', {},
      h('button', { type: 'button', id: 'edit-undo', disabled: !list.undo, title: 'Undo the last edit, whoever made it (Ctrl+Z)', onclick: actions.undo }, 'Undo'),
      h('button', { type: 'button', id: 'edit-redo', disabled: !list.redo, title: 'Redo (Ctrl+Shift+Z)', onclick: actions.redo }, 'Redo'),
      h('button', { type: 'button', id: 'revert-all', disabled: !count, onclick: actions.revertAll }, 'Revert all'),
      notice ? h('span.error-text', { role: 'alert' }, notice) : null));
}
