import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import * as Y from 'yjs';
import { canonicalJson } from '@vigil/shared';

/**
 * The canonical JSON (and so the content hash) of a document's root map, kept up to date
 * incrementally: the canonical text of every shared type (a vitals record, the vitals list, the
 * root) is cached and dropped only when that type or something inside it changes. After one
 * vitals record is charted, the hash joins the cached texts of the other records instead of
 * converting the whole case to JSON and canonicalising it again.
 *
 * `canonicalJson()` equals `canonicalJson(root.toJSON())` (the shared `contentHash` input)
 * for every document: content-cache.test.ts checks it on random edits.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Yjs types its shared types by their event
type SharedType = Y.AbstractType<any>;

export class ContentCache {
  private texts = new WeakMap<SharedType, string>();
  private hash: string | null = null;

  constructor(
    private readonly doc: Y.Doc,
    private readonly root: Y.Map<unknown>,
  ) {
    doc.on('afterTransaction', this.onTransaction);
  }

  private readonly onTransaction = (tr: Y.Transaction): void => {
    // changedParentTypes holds every type that changed and each of its ancestors.
    if (tr.changedParentTypes.size === 0 && tr.changed.size === 0) return;
    for (const type of tr.changedParentTypes.keys()) this.texts.delete(type);
    for (const type of tr.changed.keys()) this.texts.delete(type);
    this.hash = null;
  };

  /** Canonical JSON of the root map's content. */
  canonicalJson(): string {
    // The root's text changes with every edit: it is built from its children's cached texts,
    // not kept (the hash of it is).
    return this.textOf(this.root, false);
  }

  /** SHA-1 (hex) of the canonical JSON: the shared `contentHash` of the content. */
  contentHash(): string {
    this.hash ??= bytesToHex(sha1(utf8ToBytes(this.canonicalJson())));
    return this.hash;
  }

  private textOf(type: SharedType, keep = true): string {
    const cached = this.texts.get(type);
    if (cached !== undefined) return cached;
    let text: string;
    if (type instanceof Y.Map) {
      const entries: [string, string][] = [];
      for (const [key, value] of (type as Y.Map<unknown>).entries()) {
        if (value === undefined || typeof value === 'function') continue;
        entries.push([key, this.valueText(value)]);
      }
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      text = `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
    } else if (type instanceof Y.Array) {
      text = `[${(type as Y.Array<unknown>)
        .toArray()
        .map((v) => this.valueText(v))
        .join(',')}]`;
    } else {
      // Y.Text and anything rarer: their JSON form, canonicalised.
      text = canonicalJson(type.toJSON());
    }
    if (keep) this.texts.set(type, text);
    return text;
  }

  private valueText(value: unknown): string {
    return value instanceof Y.AbstractType ? this.textOf(value as SharedType) : canonicalJson(value);
  }

  destroy(): void {
    this.doc.off('afterTransaction', this.onTransaction);
    this.texts = new WeakMap();
  }
}
