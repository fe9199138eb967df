import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CASE_ROOT, ContentCache, canonicalJson, contentHash } from '@vigil/shared';

type Op =
  | { kind: 'set'; key: string; value: unknown }
  | { kind: 'delete'; key: string }
  | { kind: 'push'; list: string; record: Record<string, unknown> }
  | { kind: 'edit'; list: string; index: number; key: string; value: unknown }
  | { kind: 'remove'; list: string; index: number }
  | { kind: 'text'; index: number; insert: string; remove: number }
  | { kind: 'remote'; key: string; value: unknown };

const keys = fc.constantFrom('procedure', 'asaClassification', 'weight', 'ebl', 'zeta', 'Alpha');
const lists = fc.constantFrom('vitalsRecords', 'drugsAdministered');
const plain = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc
    .dictionary(fc.constantFrom('a', 'b', 'Z', 'é'), fc.oneof(fc.string(), fc.integer(), fc.constant(null)), {
      maxKeys: 3,
    })
    .map((d) => ({ ...d })),
  fc.array(fc.integer(), { maxLength: 3 }),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key: keys, value: plain }),
  fc.record({ kind: fc.constant('delete' as const), key: keys }),
  fc.record({
    kind: fc.constant('push' as const),
    list: lists,
    record: fc.dictionary(fc.constantFrom('hr', 'spo2', 'time', 'note'), plain, { maxKeys: 4 }).map((d) => ({ ...d })),
  }),
  fc.record({ kind: fc.constant('edit' as const), list: lists, index: fc.nat(20), key: fc.string(), value: plain }),
  fc.record({ kind: fc.constant('remove' as const), list: lists, index: fc.nat(20) }),
  fc.record({ kind: fc.constant('text' as const), index: fc.nat(30), insert: fc.string(), remove: fc.nat(3) }),
  fc.record({ kind: fc.constant('remote' as const), key: keys, value: plain }),
);

function apply(doc: Y.Doc, o: Op): void {
  const root = doc.getMap<unknown>(CASE_ROOT);
  const list = (name: string): Y.Array<Y.Map<unknown>> => {
    let l = root.get(name);
    if (!(l instanceof Y.Array)) {
      l = new Y.Array<Y.Map<unknown>>();
      root.set(name, l);
    }
    return l as Y.Array<Y.Map<unknown>>;
  };
  switch (o.kind) {
    case 'set':
      root.set(o.key, o.value);
      break;
    case 'delete':
      root.delete(o.key);
      break;
    case 'push': {
      const m = new Y.Map<unknown>();
      for (const [k, v] of Object.entries(o.record)) m.set(k, v);
      list(o.list).push([m]);
      break;
    }
    case 'edit': {
      const l = list(o.list);
      if (l.length > 0) l.get(o.index % l.length).set(o.key, o.value);
      break;
    }
    case 'remove': {
      const l = list(o.list);
      if (l.length > 0) l.delete(o.index % l.length, 1);
      break;
    }
    case 'text': {
      let t = root.get('procedureNotes');
      if (!(t instanceof Y.Text)) {
        t = new Y.Text();
        root.set('procedureNotes', t);
      }
      const text = t as Y.Text;
      const at = o.index % (text.length + 1);
      text.delete(at, Math.min(o.remove, text.length - at));
      text.insert(at, o.insert);
      break;
    }
    case 'remote': {
      // An update from another replica, applied as the server applies a client's update.
      const other = new Y.Doc();
      Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
      other.getMap(CASE_ROOT).set(o.key, o.value);
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(doc)), 'remote');
      other.destroy();
      break;
    }
  }
}

describe('ContentCache (incremental content hash, spec 001 §9 SHA-1)', () => {
  it('equals the shared contentHash of the JSON after every edit, in single and grouped transactions', () => {
    fc.assert(
      fc.property(fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { maxLength: 25 }), (batches) => {
        const doc = new Y.Doc();
        const cache = new ContentCache(doc, doc.getMap(CASE_ROOT));
        expect(cache.contentHash()).toBe(contentHash({}));
        for (const batch of batches) {
          doc.transact(() => {
            for (const o of batch) if (o.kind !== 'remote') apply(doc, o);
          });
          for (const o of batch) if (o.kind === 'remote') apply(doc, o);
          const json = doc.getMap(CASE_ROOT).toJSON();
          expect(cache.canonicalJson()).toBe(canonicalJson(json));
          expect(cache.contentHash()).toBe(contentHash(json));
        }
        cache.destroy();
        doc.destroy();
      }),
      { numRuns: 150 },
    );
  });

  it('answers again from its cache until something changes', () => {
    const doc = new Y.Doc();
    const root = doc.getMap<unknown>(CASE_ROOT);
    const vitals = new Y.Array<Y.Map<unknown>>();
    root.set('vitalsRecords', vitals);
    const record = new Y.Map<unknown>();
    record.set('hr', 72);
    vitals.push([record]);
    const cache = new ContentCache(doc, root);
    const first = cache.contentHash();
    expect(cache.contentHash()).toBe(first);
    record.set('hr', 73);
    expect(cache.contentHash()).not.toBe(first);
    expect(cache.contentHash()).toBe(contentHash(root.toJSON()));
  });

  it('keeps the text of plain entries by object, so pushing one entry does not convert the others again', () => {
    const doc = new Y.Doc();
    const root = doc.getMap<unknown>(CASE_ROOT);
    const readings = new Y.Array<Record<string, unknown>>();
    root.set('vitalsRecords', readings);
    const record = { id: 'vit-1', vitals: { hr: { value: 72 } } };
    readings.push([record]);
    const cache = new ContentCache(doc, root);
    expect(cache.contentHash()).toBe(contentHash(root.toJSON()));
    // A getter counts how often the cached entry is read again to build the text.
    let reads = 0;
    Object.defineProperty(record, 'id', {
      enumerable: true,
      get: () => {
        reads++;
        return 'vit-1';
      },
    });
    readings.push([{ id: 'vit-2', vitals: { hr: { value: 74 } } }]);
    expect(cache.contentHash()).toBe(contentHash(root.toJSON()));
    expect(reads).toBe(1); // by root.toJSON() above, not by the cache
  });

  it('gives the same hash by Web Crypto as by the script SHA-1, and none from before a change', async () => {
    const doc = new Y.Doc();
    const root = doc.getMap<unknown>(CASE_ROOT);
    root.set('procedure', 'Extraction');
    const cache = new ContentCache(doc, root);
    const pending = cache.contentHashAsync();
    root.set('procedure', 'Implant');
    expect(await pending).toBe(contentHash({ procedure: 'Extraction' }));
    expect(await cache.contentHashAsync()).toBe(contentHash({ procedure: 'Implant' }));
    expect(cache.contentHash()).toBe(contentHash({ procedure: 'Implant' }));
  });

  it('digests the UTF-8 of the canonical JSON, reusing the bytes of children that did not change', () => {
    const doc = new Y.Doc();
    const root = doc.getMap<unknown>(CASE_ROOT);
    const cache = new ContentCache(doc, root);
    expect(new TextDecoder().decode(cache.canonicalBytes())).toBe('{}');
    const notes = new Y.Array<string>();
    root.set('notes', notes);
    root.set('dosé', { unit: 'µg', temp: '37 °C' });
    notes.push(['Ünïcode ✓', '😀']);
    const text = (): string => new TextDecoder().decode(cache.canonicalBytes());
    expect(text()).toBe(canonicalJson(root.toJSON()));
    expect(cache.contentHash()).toBe(contentHash(root.toJSON()));
    // The list's text is not built again while only another key changes.
    let conversions = 0;
    const toArray = notes.toArray.bind(notes);
    notes.toArray = () => {
      conversions++;
      return toArray();
    };
    root.set('procedure', 'Extraction');
    expect(text()).toBe(canonicalJson(root.toJSON()));
    expect(conversions).toBe(0); // root.toJSON() does not call toArray; the cache would
    notes.push(['more']);
    expect(text()).toBe(canonicalJson(root.toJSON()));
    expect(conversions).toBe(1);
    expect(cache.contentHash()).toBe(contentHash(root.toJSON()));
  });
});
