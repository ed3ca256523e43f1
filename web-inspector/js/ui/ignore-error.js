// The Diff panel's error for ignore names it does not know, in the words of `weft diff --ignore`
// but laid out for a side panel: the CLI's indented lines of valid names wrap badly in a narrow
// column (a wrapped line loses its indent and a name can break in two), so the refused names are
// marked in the first line and every group of valid names is a wrapping list of whole-name chips
// under its label.

import { h } from './dom.js';
import { ignoreNameGroups } from '../semantic-diff.js';

/** @param {import('../semantic-diff.js').UnknownIgnoreNameError} error */
export function ignoreErrorView(error) {
  const refused = error.unknown.flatMap(({ name, suggestion }, i) => [
    i > 0 ? ', ' : null,
    h('mark.refused-name', {}, `"${name}"`),
    ...(suggestion ? [' (did you mean ', h('code.suggested-name', {}, `"${suggestion}"`), '?)'] : []),
  ]);
  return h('div.ignore-error', {},
    h('p.ignore-error-head', {}, `ignore: ${error.subject} `, refused, '; valid names:'),
    ignoreNameGroups().map(({ label, runs }) => h('div.ignore-group', {},
      h('div.ignore-group-label', {}, `${label}:`),
      runs.map(({ names, note }) => h('ul.name-chips', { 'aria-label': note ? `${label} (${note})` : label },
        names.map((name) => h('li', {}, name)),
        note ? h('li.run-note', {}, `(${note})`) : null)))));
}
