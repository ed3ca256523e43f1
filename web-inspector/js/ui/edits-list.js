// The live edits list at the top of the Properties panel: "N live edits on M elements", Undo,
// Redo, Revert all, and (open) each edit: element (a button that selects it, marked when the
// element is not in the document on show, e.g. a released cell), property, old and new value,
// and Revert for that one property.

import { h } from './dom.js';
import { formatValue } from '../layout-vocabulary.js';

/**
 * @param {EditLog} log
 * @param {object} actions {select(id), undo(), redo(), revertAll(), revertOne(id, key)}
 * @param {object} view {model, open: bool (the list shown), notice: string or null, onToggle(open)}
 */
export function editsList(log, actions, { model, open, notice, onToggle }) {
  const count = log.size;
  const elements = log.elementCount;
  const rows = log.edits.map((edit) => {
    const present = !!(model && model.get(edit.id));
    return h('tr', { dataset: { id: edit.id, key: edit.key } },
      h('td', {}, h('button.link', { type: 'button', disabled: !present, title: present ? edit.path : `${edit.path} (not in the document on show)`,
        onclick: () => actions.select(edit.id) }, `${edit.name} ${edit.id}`), present ? null : h('span.gone', {}, ' gone')),
      h('td', {}, edit.key),
      h('td.before', {}, edit.old === null ? 'default' : formatValue(edit.old)),
      h('td.after', {}, formatValue(edit.value)),
      h('td', {}, h('button.revert', { type: 'button', title: `Revert ${edit.key} of ${edit.id}`, 'aria-label': `Revert ${edit.key} of ${edit.id}`,
        onclick: () => actions.revertOne(edit.id, edit.key) }, '↺')));
  });
  const details = h('details.edits-list', { id: 'edits-list', open },
    h('summary', {}, `${count} live edit${count === 1 ? '' : 's'} on ${elements} element${elements === 1 ? '' : 's'}`),
    count ? h('table.grid', {}, h('thead', {}, h('tr', {}, h('th', {}, 'element'), h('th', {}, 'property'), h('th', {}, 'old'), h('th', {}, 'new'), h('th', {}, h('span.visually-hidden', {}, 'revert')))),
      h('tbody', {}, rows)) : null);
  details.addEventListener('toggle', () => onToggle(details.open));
  return h('div.section.edits-bar', {},
    details,
    h('div.row-actions', {},
      h('button', { type: 'button', id: 'edit-undo', disabled: !log.history.length, title: 'Undo the last edit (Ctrl+Z)', onclick: actions.undo }, 'Undo'),
      h('button', { type: 'button', id: 'edit-redo', disabled: !log.undone.length, title: 'Redo (Ctrl+Shift+Z)', onclick: actions.redo }, 'Redo'),
      h('button', { type: 'button', id: 'revert-all', disabled: !count, onclick: actions.revertAll }, 'Revert all'),
      notice ? h('span.error-text', { role: 'alert' }, notice) : null));
}
