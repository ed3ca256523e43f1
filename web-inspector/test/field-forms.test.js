// The forms of element and range-controller fields (snapshot.schema.json) are checked where a
// document, an added element, a set op's fields or a range op's controller enter the page:
// before, a frame that was an object, or a scrollDirection, contentOffset or itemStates that was
// not a list, threw a TypeError in some view (map, some, destructuring) and left the page half
// drawn. Every form the schema allows still opens, and so does every shared fixture.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { TreeModel } from '../js/tree-model.js';
import { parseSnapshot } from '../js/snapshot-file.js';
import { stringifyJSON, shortJSON } from '../js/json-values.js';

// stringifyJSON: JSON.stringify overflows the stack on the deep values below.
const fileText = (roots, rangeControllers = []) =>
  stringifyJSON({ format: 'weft.snapshot', version: 1, revision: 1, meta: {}, roots, rangeControllers });
const node = (fields) => ({ id: 'n1', className: 'ASDisplayNode', ...fields });
const controller = (fields) => ({ id: 'r1', owner: 'n1', ...fields });

// Values nested 50 000 deep, where a name or a word belongs: refused, the message quoting them as the notice.
const DEEP = JSON.parse('['.repeat(50000) + '1' + ']'.repeat(50000));
const DEEP_OBJECT = JSON.parse('{"k":'.repeat(50000) + '1' + '}'.repeat(50000));
const NOTICE = '(a value nested 50000 levels deep: too deep to show)';
const describe = (value) => (value === DEEP || value === DEEP_OBJECT ? 'nested 50 000 deep' : shortJSON(value));

// [field, a value of another form, the message]
const WRONG_ELEMENT_FIELDS = [
  ['frame', { x: 0, y: 0, w: 10, h: 10 }, 'frame of element n1: expected an array of 4 numbers, got {"x":0,"y":0,"w":10,"h":10}'],
  ['frame', [0, 0, 10], 'frame of element n1: expected an array of 4 numbers, got [0,0,10]'],
  ['frame', [0, 0, '10', 10], 'frame of element n1: expected an array of 4 numbers, got [0,0,"10",10]'],
  ['calculatedSize', { w: 1, h: 2 }, 'calculatedSize of element n1: expected an array of 2 numbers, got {"w":1,"h":2}'],
  ['constrainedSize', [[0, 0], [10, 10]], 'constrainedSize of element n1: expected {"min": [w, h], "max": [w, h]} of numbers, got [[0,0],[10,10]]'],
  ['constrainedSize', { min: [0, 0] }, 'constrainedSize of element n1: expected {"min": [w, h], "max": [w, h]} of numbers, got {"min":[0,0]}'],
  ['constrainedSize', { min: 0, max: 10 }, 'constrainedSize of element n1: expected {"min": [w, h], "max": [w, h]} of numbers, got {"min":0,"max":10}'],
  ['style', ['flexGrow', 1], 'style of element n1: expected an object, got ["flexGrow",1]'],
  ['props', 'hello', 'props of element n1: expected an object, got "hello"'],
  ['tappable', [0, 0, 10, 10], 'tappable of element n1: expected {"rect": [x, y, w, h], "restricted": [edges], "clipped": [edges]}, got [0,0,10,10]'],
  ['tappable', { rect: { x: 0 } }, 'tappable of element n1: expected {"rect": [x, y, w, h], "restricted": [edges], "clipped": [edges]}, got {"rect":{"x":0}}'],
  ['tappable', { rect: [0, 0, 1, 1], restricted: 'top' }, 'tappable of element n1: expected {"rect": [x, y, w, h], "restricted": [edges], "clipped": [edges]}, got {"rect":[0,0,1,1],"restricted":"top"}'],
  ['interfaceState', '15', 'interfaceState of element n1: expected a bit mask (an integer >= 0), got "15"'],
  ['interfaceState', -1, 'interfaceState of element n1: expected a bit mask (an integer >= 0), got -1'],
  ['interfaceState', 1.5, 'interfaceState of element n1: expected a bit mask (an integer >= 0), got 1.5'],
  ['kind', 'view', 'kind of element n1: expected "node" or "spec", got "view"'],
  ['children', { n2: {} }, 'children of element n1: expected a list, got {"n2":{}}'],
  // Names are strings (snapshot.schema.json): the page finds, searches, sorts and prints them as text.
  ['className', { name: 'ASTextNode' }, 'className of element n1: expected a string, got {"name":"ASTextNode"}'],
  ['className', null, 'className of element n1: expected a string, got null'],
  ['debugName', ['cell', 1], 'debugName of element n1: expected a string, got ["cell",1]'],
  ['debugName', 7, 'debugName of element n1: expected a string, got 7'],
  ['type', true, 'type of element n1: expected a string, got true'],
  // Values inside lists and objects that the views read as numbers or text: before, a size
  // range's "a" was printed as a size, and the texts, fonts, slops and targets below were drawn
  // as nothing or printed as "undefined pt", "top x, left undefined", "undefined → undefined".
  ['constrainedSize', { min: ['10', 0], max: [10, 10] }, 'constrainedSize of element n1: expected {"min": [w, h], "max": [w, h]} of numbers, got {"min":["10",0],"max":[10,10]}'],
  ['constrainedSize', { min: [0, 0], max: [DEEP, 10] }, `constrainedSize of element n1: expected {"min": [w, h], "max": [w, h]} of numbers, got (a value nested 50002 levels deep: too deep to show)`],
  ['props', { text: { en: 'hi' } }, 'props.text of element n1: expected a string, got {"en":"hi"}'],
  ['props', { text: DEEP }, `props.text of element n1: expected a string, got ${NOTICE}`],
  ['props', { text: 'a', lines: 'a' }, 'props.lines of element n1: expected a list of strings, got "a"'],
  ['props', { lines: [1] }, 'props.lines of element n1: expected a list of strings, got [1]'],
  ['props', { image: { pixelWidth: '96', pixelHeight: 96 } }, 'props.image of element n1: expected {"pixelWidth", "pixelHeight", "scale", "scalingRatio", "decodedBytes"} of numbers, got {"pixelWidth":"96","pixelHeight":96}'],
  ['props', { image: 5 }, 'props.image of element n1: expected {"pixelWidth", "pixelHeight", "scale", "scalingRatio", "decodedBytes"} of numbers, got 5'],
  ['props', { font: 'x' }, 'props.font of element n1: expected {"size": number, "weight"}, got "x"'],
  ['props', { font: { size: 'big' } }, 'props.font of element n1: expected {"size": number, "weight"}, got {"size":"big"}'],
  ['props', { hitTestSlop: ['a', 1, 2, 3] }, 'props.hitTestSlop of element n1: expected an array of 4 numbers [top, left, bottom, right], got ["a",1,2,3]'],
  ['props', { hitTestSlop: [1] }, 'props.hitTestSlop of element n1: expected an array of 4 numbers [top, left, bottom, right], got [1]'],
  ['props', { control: { targets: [1, null] } }, 'props.control of element n1: expected {"enabled", "selected", "highlighted", "targets": [{"event", "action"}]}, got {"targets":[1,null]}'],
  ['className', DEEP, `className of element n1: expected a string, got ${NOTICE}`],
  ['debugName', DEEP_OBJECT, `debugName of element n1: expected a string, got ${NOTICE}`],
];

const WRONG_CONTROLLER_FIELDS = [
  ['scrollDirection', 'down', 'scrollDirection of range controller r1: expected a list of directions, got "down"'],
  ['contentOffset', { x: 0, y: 300 }, 'contentOffset of range controller r1: expected an array of 2 numbers [x, y], got {"x":0,"y":300}'],
  ['contentSize', 320, 'contentSize of range controller r1: expected an array of 2 numbers [w, h], got 320'],
  ['viewport', [0, 0], 'viewport of range controller r1: expected an array of 4 numbers [x, y, w, h], got [0,0]'],
  ['itemStates', { 0: 15 }, 'itemStates of range controller r1: expected a list of runs [start, end, stateMask] of integers >= 0, got {"0":15}'],
  ['itemStates', [0, 9, 15], 'itemStates of range controller r1: expected a list of runs [start, end, stateMask] of integers >= 0, got [0,9,15]'],
  ['itemStates', [[0, 9]], 'itemStates of range controller r1: expected a list of runs [start, end, stateMask] of integers >= 0, got [[0,9]]'],
  ['visible', [0, 3], 'visible of range controller r1: expected a list of runs [start, end] of integers >= 0, got [0,3]'],
  ['display', 'all', 'display of range controller r1: expected a list of runs [start, end] of integers >= 0, got "all"'],
  ['preload', [[0, 1, 2]], 'preload of range controller r1: expected a list of runs [start, end] of integers >= 0, got [[0,1,2]]'],
  ['tuning', 'default', 'tuning of range controller r1: expected an object of modes, each {"display": [leading, trailing], "preload": [leading, trailing]} of numbers, got "default"'],
  ['tuning', { full: [1, 0.5] }, 'tuning of range controller r1: expected an object of modes, each {"display": [leading, trailing], "preload": [leading, trailing]} of numbers, got {"full":[1,0.5]}'],
  ['tuning', { full: { display: 1 } }, 'tuning of range controller r1: expected an object of modes, each {"display": [leading, trailing], "preload": [leading, trailing]} of numbers, got {"full":{"display":1}}'],
  ['visible', [['a', 3]], 'visible of range controller r1: expected a list of runs [start, end] of integers >= 0, got [["a",3]]'],
  ['display', [[0, 1.5]], 'display of range controller r1: expected a list of runs [start, end] of integers >= 0, got [[0,1.5]]'],
  ['itemStates', [[0, DEEP, 15]], `itemStates of range controller r1: expected a list of runs [start, end, stateMask] of integers >= 0, got (a value nested 50002 levels deep: too deep to show)`],
  ['tuning', { full: { display: ['a', 1], preload: [1, 2] } }, 'tuning of range controller r1: expected an object of modes, each {"display": [leading, trailing], "preload": [leading, trailing]} of numbers, got {"full":{"display":["a",1],"preload":[1,2]}}'],
  ['contentOffset', ['x', 0], 'contentOffset of range controller r1: expected an array of 2 numbers [x, y], got ["x",0]'],
  ['viewport', [0, 0, {}, 480], 'viewport of range controller r1: expected an array of 4 numbers [x, y, w, h], got [0,0,{},480]'],
  ['owner', 1, 'owner of range controller r1: expected a string, got 1'],
  ['dataSource', '', 'dataSource of range controller r1: expected a non-empty string, got ""'],
  ['dataSource', DEEP, `dataSource of range controller r1: expected a non-empty string, got ${NOTICE}`],
  ['orientation', 'diagonal', 'orientation of range controller r1: expected "vertical" or "horizontal", got "diagonal"'],
  ['mode', DEEP, `mode of range controller r1: expected "minimum", "full", "visibleOnly" or "lowMemory", got ${NOTICE}`],
  ['mode', 'Full', 'mode of range controller r1: expected "minimum", "full", "visibleOnly" or "lowMemory", got "Full"'],
  ['itemCount', '10', 'itemCount of range controller r1: expected an integer >= 1, got "10"'],
  ['itemCount', 0, 'itemCount of range controller r1: expected an integer >= 1, got 0'],
  ['itemCount', 2.5, 'itemCount of range controller r1: expected an integer >= 1, got 2.5'],
];

for (const [field, value, message] of WRONG_ELEMENT_FIELDS) {
  test(`an element whose ${field} is ${describe(value)} is refused, in a file, a device's document and an op`, () => {
    const roots = [node({ frame: [0, 0, 10, 10], [field]: value })];
    assert.throws(() => parseSnapshot(fileText(roots)), { name: 'UpdateError', message });
    assert.throws(() => new TreeModel(JSON.parse(fileText(roots))), { name: 'UpdateError', message });
    // Nested: the message names the element, wherever it is.
    const nested = [{ id: 'n0', className: 'ASDisplayNode', children: roots }];
    assert.throws(() => parseSnapshot(fileText(nested)), { name: 'UpdateError', message });
    const model = new TreeModel(JSON.parse(fileText([])));
    assert.throws(() => model.applyOps([{ op: 'add', index: 0, element: roots[0] }]), { name: 'UpdateError', message: `op 0 (add): ${message}` });
    if (field === 'children') return; // a set op cannot set children at all
    const other = new TreeModel(JSON.parse(fileText([node({})])));
    const before = other.get('n1')[field];
    assert.throws(() => other.applyOps([{ op: 'set', id: 'n1', fields: { [field]: value } }]), { name: 'UpdateError', message: `op 0 (set): ${message}` });
    assert.equal(other.get('n1')[field], before, 'the element is unchanged');
  });
}

for (const [field, value, message] of WRONG_CONTROLLER_FIELDS) {
  test(`a range controller whose ${field} is ${describe(value)} is refused, in a file, a device's document and a range op`, () => {
    const controllers = [controller({ [field]: value })];
    assert.throws(() => parseSnapshot(fileText([node({})], controllers)), { name: 'UpdateError', message });
    assert.throws(() => new TreeModel(JSON.parse(fileText([node({})], controllers))), { name: 'UpdateError', message });
    const model = new TreeModel(JSON.parse(fileText([node({})])));
    assert.throws(() => model.applyOps([{ op: 'range', controller: controllers[0] }]), { name: 'UpdateError', message: `op 0 (range): ${message}` });
    assert.equal(model.controllers.size, 0, 'the document is unchanged');
  });
}

test('a set op whose fields or unset are not of their forms is refused with a message, not a TypeError', () => {
  const model = new TreeModel(JSON.parse(fileText([node({ debugName: 'a' })])));
  const refused = (op, message) => assert.throws(() => model.applyOps([{ op: 'set', id: 'n1', ...op }]), { name: 'UpdateError', message: `op 0 (set): ${message}` });
  refused({ fields: 'frame' }, 'fields: expected an object, got "frame"');
  refused({ fields: [[0, 0, 1, 1]] }, 'fields: expected an object, got [[0,0,1,1]]');
  refused({ unset: 'debugName' }, 'unset: expected a list of field names, got "debugName"');
  refused({ unset: 5 }, 'unset: expected a list of field names, got 5');
  refused({ unset: [['debugName']] }, 'unset: expected a list of field names, got [["debugName"]]');
  assert.equal(model.get('n1').debugName, 'a');
});

test('a range op without a controller object is refused with a message', () => {
  const model = new TreeModel(JSON.parse(fileText([])));
  assert.throws(() => model.applyOps([{ op: 'range' }]), { message: 'op 0 (range): the controller is not an object with a string id' });
  assert.throws(() => model.applyOps([{ op: 'range', controller: [{ id: 'r1' }] }]), { message: 'op 0 (range): the controller is not an object with a string id' });
});

test('ids, parents and indices of another form are named in messages as the notice, not overflowing the stack', () => {
  const deep = JSON.parse('['.repeat(50000) + ']'.repeat(50000));
  const notice = '(a value nested 50000 levels deep: too deep to show)';
  const model = new TreeModel(JSON.parse(fileText([node({})])));
  const refused = (op, message) => assert.throws(() => model.applyOps([op]), { name: 'UpdateError', message });
  refused({ op: 'remove', id: deep }, `op 0 (remove): unknown element id ${notice}`);
  refused({ op: 'add', parent: deep, index: 0, element: { id: 'n2', className: 'A' } }, `op 0 (add): unknown parent id ${notice}`);
  refused({ op: 'add', index: deep, element: { id: 'n2', className: 'A' } }, `op 0 (add): index ${notice} out of range 0...1`);
  refused({ op: 'rangeRemoved', id: deep }, `op 0 (rangeRemoved): unknown range controller id ${notice}`);
});

test('every form the schema allows opens: numbers as "inf", "-inf" and null, defaults left out, every field written', () => {
  const full = {
    id: 'n1', kind: 'node', type: 'node', className: 'ASControlNode', debugName: 'button',
    frame: [0, -0.5, 'inf', null], constrainedSize: { min: [0, 0], max: ['inf', '-inf'] }, calculatedSize: [null, 'inf'],
    style: { width: '50%' }, props: { text: 'a', hitTestSlop: [-1, -1, -1, -1] },
    tappable: { rect: [0, 0, 'inf', 10], restricted: ['top'], clipped: ['left', 'right'] }, interfaceState: 0,
    children: [{ id: 'n1/0', kind: 'spec', type: 'stack', frame: [0, 0, 1, 1] }, { id: 'n2', className: 'ASTextNode', tappable: { rect: [0, 0, 1, 1] }, interfaceState: 15 }],
  };
  const fullController = controller({
    dataSource: 'Feed', orientation: 'horizontal', scrollDirection: ['right', 'left'], mode: 'full',
    tuning: { minimum: { display: [0.25, 0.25], preload: [0.5, 0.25] }, full: { display: [1, 0.5], preload: [2.5, 1.5] },
      visibleOnly: { display: [0, 0], preload: [0, 0] }, lowMemory: { display: [0, 0], preload: [0, 0] } },
    viewport: [0, 0, 320, 480], contentSize: [320, 'inf'], contentOffset: [0, null], itemCount: 10,
    visible: [[0, 2]], display: [[0, 3]], preload: [[0, 4], [6, 9]], itemStates: [[0, 2, 15], [3, 9, 3]],
  });
  const text = fileText([full, node({ id: 'n3' })], [fullController, { id: 'r2', owner: 'n3' }]);
  const model = new TreeModel(parseSnapshot(text));
  assert.equal(model.size, 4);
  assert.equal(model.controllers.size, 2);
  assert.deepEqual(model.rootFrame('n1'), [0, -0.5, Infinity, NaN]);
  // The same forms in ops: an added element, a set op's fields, a range op's controller.
  const live = new TreeModel(JSON.parse(fileText([node({ id: 'n9' })])));
  const { id, children, ...fields } = full;
  live.applyOps(JSON.parse(JSON.stringify([
    { op: 'add', parent: 'n9', index: 0, element: full },
    { op: 'set', id: 'n9', fields: { ...fields, frame: ['-inf', 0, 1, 1] } },
    { op: 'range', controller: fullController },
  ])));
  assert.deepEqual(live.get('n9').frame, ['-inf', 0, 1, 1]);
});

test('every snapshot document among the shared fixtures still opens', () => {
  const root = new URL('../../fixtures/', import.meta.url).pathname;
  const documents = [];
  const files = [root];
  while (files.length) {
    const path = files.pop();
    if (statSync(path).isDirectory()) { for (const name of readdirSync(path)) files.push(`${path}/${name}`); continue; }
    if (!path.endsWith('.json')) continue;
    const values = [[JSON.parse(readFileSync(path, 'utf8')), path]];
    while (values.length) {
      const [value, where] = values.pop();
      if (value === null || typeof value !== 'object') continue;
      if (value.format === 'weft.snapshot') documents.push([value, where]);
      else for (const item of Object.values(value)) values.push([item, where]);
    }
  }
  assert.ok(documents.length > 20, `found only ${documents.length} documents`);
  for (const [document, where] of documents) {
    assert.doesNotThrow(() => new TreeModel(parseSnapshot(JSON.stringify(document))), `${where} opens`);
  }
});
