import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LiveDocument, describeUnknownOps, describeRetry, refetchDelay } from '../js/live-document.js';
import { ProtocolError, ErrorCode } from '../js/protocol-client.js';
import { ManualTimers, settle } from './support/scripted-gateway.js';

// A document at revision `revision` with one text node whose width is `width`.
const doc = (revision, width = 100) => ({ revision, roots: [{ id: 'n1', kind: 'node', frame: [0, 0, width, 20] }] });
const widthUpdate = (base, revision, width) => ({ baseRevision: base, revision, ops: [{ op: 'set', id: 'n1', fields: { frame: [0, 0, width, 20] } }] });

test('applies updates whose baseRevision matches, drops old ones (docs/protocol.md Updates)', async () => {
  const live = new LiveDocument(async () => doc(5));
  await live.load();
  assert.equal(live.receive(widthUpdate(4, 5, 1)), 'dropped', 'revision <= R is dropped');
  assert.equal(live.receive(widthUpdate(5, 6, 120)), 'applied');
  assert.equal(live.revision, 6);
  assert.equal(live.model.get('n1').frame[2], 120);
  assert.equal(live.receive(widthUpdate(5, 6, 130)), 'dropped', 'a duplicate is dropped');
});

test('a gap fetches the document again', async () => {
  let fetches = 0;
  const live = new LiveDocument(async () => (++fetches === 1 ? doc(5) : doc(9, 300)));
  await live.load();
  assert.equal(live.receive(widthUpdate(7, 8, 1)), 'resync');
  await live.loading;
  assert.equal(fetches, 2);
  assert.equal(live.revision, 9);
  assert.equal(live.model.get('n1').frame[2], 300);
});

test('updates arriving during a fetch are held and replayed on top of it', async () => {
  let release;
  const live = new LiveDocument(() => new Promise((r) => { release = r; }));
  const loading = live.load();
  assert.equal(live.receive(widthUpdate(4, 5, 1)), 'held'); // older than the document: dropped on replay
  assert.equal(live.receive(widthUpdate(5, 6, 150)), 'held');
  release(doc(5));
  await loading;
  assert.equal(live.revision, 6);
  assert.equal(live.model.get('n1').frame[2], 150);
});

test('an op naming an unknown element triggers a resync instead of corrupting the tree', async () => {
  let fetches = 0;
  const live = new LiveDocument(async () => { fetches++; return doc(5 + fetches * 10); });
  await live.load();
  const status = live.receive({ baseRevision: 15, revision: 16, ops: [{ op: 'remove', id: 'ghost' }] });
  assert.equal(status, 'resync');
  await live.loading;
  assert.equal(fetches, 2);
  assert.equal(live.revision, 25);
});

test('listeners hear documents and updates; a failed fetch reports an error', async () => {
  const heard = [];
  const live = new LiveDocument(async () => doc(1), {
    onDocument: (m) => heard.push(['doc', m.revision]),
    onUpdate: (m, changes) => heard.push(['update', m.revision, [...changes.changed]]),
  });
  await live.load();
  live.receive(widthUpdate(1, 2, 5));
  assert.deepEqual(heard, [['doc', 1], ['update', 2, ['n1']]]);
  const errors = [];
  const broken = new LiveDocument(async () => { throw new Error('boom'); }, { onError: (e) => errors.push(e.message) });
  await assert.rejects(broken.load(), /boom/);
  assert.deepEqual(errors, ['boom']);
});

test('pause holds updates; resume applies them and reports the document once', async () => {
  const heard = [];
  const live = new LiveDocument(async () => doc(1), {
    onDocument: (m) => heard.push(['doc', m.revision]),
    onUpdate: (m) => heard.push(['update', m.revision]),
  });
  await live.load();
  live.pause();
  assert.equal(live.receive(widthUpdate(1, 2, 20)), 'held');
  assert.equal(live.receive(widthUpdate(2, 3, 30)), 'held');
  assert.equal(live.model.get('n1').frame[2], 100, 'frozen while paused');
  live.resume();
  assert.equal(live.model.get('n1').frame[2], 30);
  assert.deepEqual(heard, [['doc', 1], ['doc', 3]]);
});

test('resume after a gap while paused fetches the document again', async () => {
  let fetches = 0;
  const live = new LiveDocument(async () => (++fetches === 1 ? doc(1) : doc(10)));
  await live.load();
  live.pause();
  live.receive(widthUpdate(5, 6, 1));
  live.resume();
  await live.loading;
  assert.equal(live.revision, 10);
});

test('an update whose ops are not a list fetches the document again, like one whose op does not fit', async () => {
  // docs/protocol.md: "ops": [...]. A device that sends anything else has an update the page cannot
  // apply: it must resync (not throw out of receive and lose the update silently).
  let fetches = 0;
  const live = new LiveDocument(async () => (++fetches === 1 ? doc(5) : doc(6, 300)));
  await live.load();
  for (const ops of ['garbage', { op: 'set' }, 7]) {
    assert.equal(live.receive({ baseRevision: live.revision, revision: live.revision + 1, ops }), 'resync', JSON.stringify(ops));
    await live.loading;
  }
  assert.equal(fetches, 4);
  assert.equal(live.revision, 6);
  assert.equal(live.model.get('n1').frame[2], 300);
});

test('an op of a kind the page does not know fetches the document once; later ones are left out and counted', async () => {
  let fetches = 0;
  const heard = [];
  const live = new LiveDocument(async () => doc([1, 2, 4, 4][fetches++]), {
    onUnknownOps: (unknownOps) => heard.push(Object.fromEntries(unknownOps)),
  });
  await live.load();
  const frobnicate = { op: 'frobnicate', id: 'n1' };
  assert.equal(live.receive({ baseRevision: 1, revision: 2, ops: [frobnicate] }), 'resync');
  await live.loading;
  assert.equal(fetches, 2);
  // The same kind again, beside an op the page knows: that one is applied, the unknown one left out.
  assert.equal(live.receive({ ...widthUpdate(2, 3, 130), ops: [frobnicate, ...widthUpdate(2, 3, 130).ops] }), 'applied');
  assert.equal(live.receive({ baseRevision: 3, revision: 4, ops: [frobnicate, frobnicate] }), 'applied');
  assert.equal(fetches, 2, 'no fetch for each update that carries it');
  assert.equal(live.revision, 4);
  assert.equal(live.model.get('n1').frame[2], 130);
  assert.deepEqual(heard, [{ frobnicate: 0 }, { frobnicate: 1 }, { frobnicate: 3 }]);
  assert.equal(describeUnknownOps(live.unknownOps), 'The app sends update ops this page does not know: "frobnicate" '
    + '(3 left out since the document was fetched). The page fetched the whole document once when it met each kind and '
    + 'leaves those ops out since, so what they change may not show.');
  // A fetch asked for (the page's button) holds what they did: none left out since.
  await live.resync();
  assert.deepEqual(heard.at(-1), { frobnicate: 0 });
  // Another unknown kind is fetched for once too.
  assert.equal(live.receive({ baseRevision: 4, revision: 5, ops: [{ op: 'zap' }, frobnicate] }), 'resync');
  await live.loading;
  assert.equal(fetches, 4);
  assert.deepEqual([...live.unknownOps.keys()], ['frobnicate', 'zap']);
  assert.equal(describeUnknownOps(new Map()), null);
});

test('a malformed op (not an object, no kind) is not an unknown kind: it resyncs each time', async () => {
  let fetches = 0;
  const live = new LiveDocument(async () => { fetches++; return doc(1); });
  await live.load();
  assert.equal(live.receive({ baseRevision: 1, revision: 2, ops: [null] }), 'resync');
  await live.loading;
  assert.equal(fetches, 2);
  assert.equal(live.unknownOps.size, 0);
});

test('an update whose op carries a field of another form fetches the document again; a document of another form is an error', async () => {
  // A range op whose controller's scrollDirection is not a list, or a set op whose unset is not
  // one, was applied and then threw a TypeError in a view (or out of applyOps itself).
  let fetches = 0;
  const errors = [];
  const live = new LiveDocument(async () => (++fetches === 3 ? { revision: 9, roots: [{ id: 'n1', frame: { w: 1 } }] } : doc(5 + fetches)),
    { onError: (error) => errors.push(error.message) });
  await live.load();
  const range = { op: 'range', controller: { id: 'r1', owner: 'n1', scrollDirection: 'down' } };
  assert.equal(live.receive({ baseRevision: 6, revision: 7, ops: [range] }), 'resync');
  await live.loading;
  assert.equal(live.model.controllers.size, 0);
  assert.equal(live.receive({ baseRevision: 7, revision: 8, ops: [{ op: 'set', id: 'n1', unset: 'frame' }] }), 'resync');
  await assert.rejects(live.loading, { message: 'frame of element n1: expected an array of 4 numbers, got {"w":1}' });
  assert.deepEqual(errors, ['frame of element n1: expected an array of 4 numbers, got {"w":1}']);
});

// A LiveDocument on hand-run timers whose fetches answer from `answers` in turn: a snapshot, an
// Error (thrown: a refused or failed fetch), or 'pending' (never answered while the test looks).
function refusingDocument(answers) {
  const timers = new ManualTimers();
  const fetched = [];
  const live = new LiveDocument(async () => {
    const answer = answers[fetched.length];
    fetched.push(timers.now);
    if (answer === 'pending') return new Promise(() => {});
    if (answer instanceof Error) throw answer;
    return answer;
  }, {}, { timers, clock: () => timers.now });
  return { live, timers, fetched };
}
const refused = new Error('calculatedSize of element n1: expected an array of 2 numbers, got ["10",20]');

test('after a refused fetch, automatic fetches back off: none per update, one at a time, 1 s, 2 s, 4 s ... 30 s, reset by a good fetch', async () => {
  // A device that keeps sending a document the page refuses, streaming updates with gaps: before,
  // every update fetched the whole document again (30 a second, each a whole capture).
  const { live, timers, fetched } = refusingDocument([doc(5), ...Array(8).fill(refused), doc(40), doc(41)]);
  await live.load();
  assert.equal(live.receive(widthUpdate(7, 8, 1)), 'resync');
  await settle();
  assert.deepEqual(fetched, [0, 0]);
  assert.equal(live.refused.count, 1);
  let revision = 8;
  const stream = (n) => { for (let i = 0; i < n; i++, revision++) assert.equal(live.receive(widthUpdate(revision, revision + 1, 999)), 'ignored'); };
  // Each refusal's wait, measured from the refusal, to the next fetch the stream brings.
  for (const wait of [1000, 2000, 4000, 8000, 16000, 30000, 30000]) {
    const refusedAt = timers.now;
    stream(30);
    assert.equal(fetched.length, 1 + live.refused.count, 'no fetch before the wait is over');
    timers.advance(wait - 1); stream(3); await settle();
    assert.equal(fetched.length, 1 + live.refused.count, 'nor a millisecond before it');
    timers.advance(1); await settle();
    assert.equal(fetched.at(-1), refusedAt + wait);
  }
  assert.deepEqual([1, 2, 3, 6, 7, 20].map(refetchDelay), [1000, 2000, 4000, 30000, 30000, 30000]);
  assert.equal(live.model.get('n1').frame[2], 100, 'none of the updates was applied to the document on show');
  assert.equal(live.revision, 5);
  // The 9th fetch succeeds: current again, updates apply, and the back-off starts over.
  stream(1);
  timers.advance(30000); await settle();
  assert.equal(live.refused, null);
  assert.equal(live.revision, 40);
  assert.equal(live.receive(widthUpdate(40, 41, 140)), 'applied');
  assert.equal(live.receive(widthUpdate(45, 46, 1)), 'resync', 'a gap while current fetches at once');
  await settle();
  assert.equal(live.revision, 41);
  assert.equal(fetched.length, 11);
});

test('after a refusal one automatic fetch at a time; the user\'s fetch goes at once, even while one waits', async () => {
  const { live, timers, fetched } = refusingDocument([doc(5), refused, refused, 'pending']);
  await live.load();
  await live.resync().catch(() => {});
  assert.equal(describeRetry(live.refused, timers.now), 'Next automatic try when the app changes, in 1 s at the earliest.');
  assert.equal(live.receive(widthUpdate(9, 10, 1)), 'ignored');
  assert.equal(describeRetry(live.refused, timers.now + 1), 'Next automatic try in 1 s.');
  timers.advance(400);
  live.resync().catch(() => {}); // the notice's button: at once, not at the scheduled 1 s
  await settle();
  assert.deepEqual(fetched, [0, 0, 400]);
  assert.equal(live.refused.count, 2);
  timers.advance(600); await settle();
  assert.equal(fetched.length, 3, 'the scheduled fetch went with the user\'s');
  assert.equal(describeRetry(live.refused, timers.now), 'Next automatic try when the app changes, in 2 s at the earliest.');
  timers.advance(2000);
  assert.equal(describeRetry(live.refused, timers.now), 'Next automatic try when the app changes.');
  live.receive(widthUpdate(10, 11, 1)); // the wait is over: at once
  assert.equal(fetched.length, 4);
  assert.equal(describeRetry(live.refused, timers.now), 'Fetching it again…');
  for (let r = 11; r < 50; r++) assert.equal(live.receive(widthUpdate(r, r + 1, 1)), 'held', 'held for the fetch on its way');
  timers.advance(60000); await settle();
  assert.equal(fetched.length, 4, 'never a second one in flight');
  assert.equal(describeRetry(null, 0), '');
});

test('an update based on the revision kept after a refusal is not applied: the page\'s copy of it is not the app\'s', async () => {
  // A fetch with no gap behind it (Gateway.resyncRequired, the button, an op that did not fit)
  // brings revision 5, refused: the app's revision 5 is not the page's. An update from 5 to 6
  // describes changes to the app's, not to the page's copy; before, it was applied, and the page
  // went on calling the document not current while it showed revision 6 as if it followed.
  const { live, timers, fetched } = refusingDocument([doc(5), refused, doc(6, 160)]);
  await live.load();
  await live.resync().catch(() => {}); // as Gateway.resyncRequired or the button ask
  assert.equal(live.receive(widthUpdate(5, 6, 150)), 'ignored');
  assert.equal(live.revision, 5);
  assert.equal(live.model.get('n1').frame[2], 100);
  assert.ok(live.refused, 'still not current, and so marked');
  timers.advance(1000); await settle();
  assert.equal(fetched.length, 3);
  assert.equal(live.refused, null);
  assert.equal(live.model.get('n1').frame[2], 160, 'the app\'s revision 6, fetched');
});

test('a closed document schedules no fetch', async () => {
  const { live, timers, fetched } = refusingDocument([doc(5), refused, doc(6)]);
  await live.load();
  await live.resync().catch(() => {});
  live.receive(widthUpdate(8, 9, 1));
  live.close();
  timers.advance(60000); await settle();
  assert.equal(fetched.length, 2);
});

// A fetch the app did not answer: the page's own time-out, the gateway's or the program's (all
// -32002), or the app or the connection gone (-32001).
const timedOut = new ProtocolError(ErrorCode.timedOut, 'Tree.getDocument timed out after 15000 ms');
const gone = new ProtocolError(ErrorCode.deviceGone, 'connection closed while Tree.getDocument was pending');

test('a failed first fetch is refused as a later one: the app\'s updates bring the next fetch, backed off, and none is kept', async () => {
  // The first Tree.getDocument brings a document the page refuses (or the app answers it with an
  // error).
  const { live, timers, fetched } = refusingDocument([refused, refused, doc(5)]);
  await assert.rejects(live.load(), refused);
  assert.equal(live.model, null);
  assert.deepEqual(live.refused, { count: 1, notBefore: 1000, due: null });
  assert.equal(describeRetry(live.refused, timers.now), 'Next automatic try when the app changes, in 1 s at the earliest.');
  timers.advance(60000); await settle();
  assert.deepEqual(fetched, [0], 'the same document would be refused again: no fetch until the app changes');
  assert.equal(describeRetry(live.refused, timers.now), 'Next automatic try when the app changes.');
  assert.equal(live.receive(widthUpdate(8, 9, 1)), 'ignored', 'the wait is over: at once');
  await settle();
  assert.deepEqual(fetched, [0, 60000]);
  assert.equal(live.refused.count, 2);
  // A stream of updates: one fetch when the 2 s wait is over, not one per update.
  for (let r = 10; r < 40; r++) assert.equal(live.receive(widthUpdate(r, r + 1, 1)), 'ignored');
  assert.equal(describeRetry(live.refused, timers.now), 'Next automatic try in 2 s.');
  timers.advance(1999); await settle();
  assert.equal(fetched.length, 2);
  timers.advance(1); await settle();
  assert.deepEqual(fetched, [0, 60000, 62000]);
  assert.equal(live.refused, null);
  assert.equal(live.held.length, 0, 'the updates of the failed fetches were not kept');
  assert.equal(live.revision, 5);
  assert.equal(live.receive(widthUpdate(5, 6, 160)), 'applied');
});

test('a fetch the app did not answer is tried again by itself, backed off, first or later; one in flight', async () => {
  // A paused program sends no update, so waiting for one would wait as long as it stays paused
  // (before, after a first fetch: for ever).
  const { live, timers, fetched } = refusingDocument([timedOut, timedOut, 'pending']);
  const retries = [];
  live.listeners.onRetry = (retry) => retries.push({ ...retry });
  await assert.rejects(live.load(), timedOut);
  assert.deepEqual(live.refused, { count: 1, notBefore: 1000, due: 1000 });
  assert.equal(describeRetry(live.refused, timers.now), 'Next automatic try in 1 s.');
  assert.equal(live.receive(widthUpdate(1, 2, 1)), 'ignored', 'an update finds the try scheduled');
  timers.advance(999); await settle();
  assert.deepEqual(fetched, [0]);
  timers.advance(1); await settle();
  assert.deepEqual(fetched, [0, 1000]);
  assert.deepEqual(live.refused, { count: 2, notBefore: 3000, due: 3000 });
  timers.advance(2000); await settle();
  assert.deepEqual(fetched, [0, 1000, 3000]);
  assert.equal(describeRetry(live.refused, timers.now), 'Fetching it again…');
  for (let r = 2; r < 30; r++) assert.equal(live.receive(widthUpdate(r, r + 1, 1)), 'held', 'held for the fetch on its way');
  timers.advance(60000); await settle();
  assert.equal(fetched.length, 3, 'never a second one in flight');
  assert.deepEqual(retries, [{ count: 1, notBefore: 1000, due: 1000 }, { count: 1, notBefore: 1000, due: 1000 },
    { count: 2, notBefore: 3000, due: 3000 }, { count: 2, notBefore: 3000, due: 3000 }], 'each try scheduled, then started');

  // A later fetch the app does not answer (it went away meanwhile): the same.
  const later = refusingDocument([doc(5), gone, doc(7)]);
  await later.live.load();
  assert.equal(later.live.receive(widthUpdate(6, 7, 1)), 'resync');
  await settle();
  assert.deepEqual(later.live.refused, { count: 1, notBefore: 1000, due: 1000 });
  later.timers.advance(1000); await settle();
  assert.deepEqual(later.fetched, [0, 0, 1000]);
  assert.equal(later.live.refused, null);
  assert.equal(later.live.revision, 7);
});

test('after a failed first fetch the user\'s fetch goes at once, and the scheduled one with it', async () => {
  const { live, timers, fetched } = refusingDocument([timedOut, doc(5)]);
  await assert.rejects(live.load());
  timers.advance(300);
  assert.equal(describeRetry(live.refused, timers.now), 'Next automatic try in 1 s.');
  await live.resync(); // the notice's button
  assert.deepEqual(fetched, [0, 300]);
  assert.equal(live.refused, null);
  timers.advance(60000); await settle();
  assert.equal(fetched.length, 2);
});

test('a document closed after its failed first fetch schedules nothing', async () => {
  // The session left it (another device picked, the app gone): its timer must not fetch for it.
  const unanswered = refusingDocument([timedOut, doc(5)]);
  await assert.rejects(unanswered.live.load());
  unanswered.live.close();
  unanswered.timers.advance(60000); await settle();
  assert.equal(unanswered.live.receive(widthUpdate(1, 2, 1)), 'ignored');
  unanswered.timers.advance(60000); await settle();
  assert.equal(unanswered.fetched.length, 1);
  // Closed while its first fetch is on its way, which then fails: nothing either.
  let fail;
  const timers = new ManualTimers();
  let fetches = 0;
  const pending = new LiveDocument(() => { fetches++; return new Promise((resolve, reject) => { fail = reject; }); }, {}, { timers, clock: () => timers.now });
  const loading = pending.load();
  pending.close();
  fail(timedOut);
  await assert.rejects(loading);
  pending.receive(widthUpdate(1, 2, 1));
  timers.advance(60000); await settle();
  assert.equal(fetches, 1);
});

test('while paused, each update held is told (onHeld) so a recorder keeps it; not while a fetch holds it', async () => {
  const told = [];
  let release;
  let fetches = 0;
  const live = new LiveDocument(() => (++fetches === 1 ? Promise.resolve(doc(5)) : new Promise((r) => { release = r; })),
    { onHeld: (update) => told.push(update.revision) });
  await live.load();
  live.pause();
  assert.equal(live.receive(widthUpdate(5, 6, 110)), 'held');
  assert.equal(live.receive(widthUpdate(6, 7, 120)), 'held');
  assert.deepEqual(told, [6, 7]);
  assert.equal(live.model.get('n1').frame[2], 100, 'the document stays frozen');
  live.resume();
  assert.equal(live.revision, 7);
  // A fetch under way holds updates for its document, which has them: not told.
  const loading = live.resync();
  assert.equal(live.receive(widthUpdate(7, 8, 130)), 'held');
  release(doc(8, 130));
  await loading;
  assert.deepEqual(told, [6, 7]);
});

test('a gap while paused fetches the document, the view frozen, so the updates after it are told too', async () => {
  const told = [];
  let fetches = 0;
  const live = new LiveDocument(async () => (++fetches === 1 ? doc(5) : doc(9, 190)), { onHeld: (update) => told.push(update.revision) });
  await live.load();
  const frozen = live.model;
  live.pause();
  live.receive(widthUpdate(5, 6, 160));
  live.receive(widthUpdate(7, 8, 180)); // 7 was lost
  assert.equal(fetches, 2, 'the gap fetched the document');
  await live.loading;
  assert.equal(frozen.get('n1').frame[2], 100, 'the document on show is untouched');
  live.receive(widthUpdate(8, 9, 190)); // older than the fetched document
  live.receive(widthUpdate(9, 10, 200));
  assert.deepEqual(told, [6, 8, 10]);
  live.resume();
  assert.equal(live.revision, 10);
  assert.equal(live.model.get('n1').frame[2], 200);
  assert.equal(fetches, 2);
});
