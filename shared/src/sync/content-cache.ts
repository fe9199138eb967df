import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from './content-hash.js';

/**
 * The canonical JSON (and so the content hash) of a document's root map, kept up to date
 * incrementally: the canonical text of every shared type (a vitals record, the vitals list, the
 * root) is cached and dropped only when that type or something inside it changes. After one
 * vitals record is charted, the hash joins the cached texts of the other records instead of
 * converting the whole case to JSON and canonicalising it again.
 *
 * Plain values inside shared types (a case-screen vitals record is a plain object in a Y.Array)
 * keep their text too, by object: Yjs hands out the object it was given or decoded, and the case
 * replaces entries rather than editing them in place. (Were one edited in place, the hash would
 * disagree with the server's and the save protocol would resync the case.)
 *
 * `canonicalJson()` equals `canonicalJson(root.toJSON())` (the shared `contentHash` input)
 * for every document: content-cache.test.ts checks it on random edits.
 *
 * Used by the sync server for every save's acknowledgement, and by the client for the hash each
 * save carries and each acknowledgement is checked against.
 */
/**
 * What this reads of Yjs, by shape: shared/ does not import Yjs (STYLE.md "Layering"), and a
 * Y.Doc, Y.Map and Y.Array offer these members. A case document holds no XML types (they have
 * `toDOM`); any other shared type is read through its JSON form.
 */
interface SharedType {
  toJSON(): unknown;
  observeDeep(f: never): void;
}
interface SharedMap extends SharedType {
  entries(): IterableIterator<[string, unknown]>;
  set(key: string, value: never): unknown;
}
interface SharedArray extends SharedType {
  toArray(): unknown[];
  push(content: never[]): void;
}
interface ContentTransaction {
  changed: Map<SharedType, unknown>;
  changedParentTypes: Map<SharedType, unknown>;
}
export interface ContentDoc {
  on(event: 'afterTransaction', f: (tr: ContentTransaction) => void): void;
  off(event: 'afterTransaction', f: (tr: ContentTransaction) => void): void;
}

function isSharedType(value: unknown): value is SharedType {
  return value !== null && typeof value === 'object' && typeof (value as SharedType).observeDeep === 'function';
}
const isMap = (type: SharedType): type is SharedMap =>
  typeof (type as SharedMap).entries === 'function' &&
  typeof (type as SharedMap).set === 'function' &&
  !('toDOM' in type);
const isArray = (type: SharedType): type is SharedArray =>
  typeof (type as SharedArray).toArray === 'function' &&
  typeof (type as SharedArray).push === 'function' &&
  !('toDOM' in type);

/** The part of Web Crypto's SubtleCrypto used here (browsers and Node both have it). */
interface WebDigest {
  digest(algorithm: 'SHA-1', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
}

export class ContentCache {
  private texts = new WeakMap<SharedType, string>();
  /** UTF-8 of the texts of the root's shared children, for the digest (see canonicalBytes). */
  private bytes = new WeakMap<SharedType, Uint8Array>();
  private objects = new WeakMap<object, string>();
  private hash: string | null = null;
  private pendingHash: Promise<string> | null = null;
  /** Bumped by every change, so a digest started before one is not kept after it. */
  private generation = 0;

  constructor(
    private readonly doc: ContentDoc,
    private readonly root: SharedMap,
  ) {
    doc.on('afterTransaction', this.onTransaction);
  }

  private readonly onTransaction = (tr: ContentTransaction): void => {
    // changedParentTypes holds every type that changed and each of its ancestors.
    if (tr.changedParentTypes.size === 0 && tr.changed.size === 0) return;
    for (const type of tr.changedParentTypes.keys()) {
      this.texts.delete(type);
      this.bytes.delete(type);
    }
    for (const type of tr.changed.keys()) {
      this.texts.delete(type);
      this.bytes.delete(type);
    }
    this.hash = null;
    this.pendingHash = null;
    this.generation++;
  };

  /** Canonical JSON of the root map's content. */
  canonicalJson(): string {
    // The root's text changes with every edit: it is built from its children's cached texts,
    // not kept (the hash of it is).
    return this.textOf(this.root, false);
  }

  /**
   * UTF-8 of the canonical JSON, joined from the cached bytes of the root's children: encoding
   * the whole text again for every save (over a megabyte on a 4-hour case) held up a throttled
   * tablet for 30 ms per save, though only the changed child's bytes are new.
   */
  canonicalBytes(): Uint8Array<ArrayBuffer> {
    const entries: [string, SharedType | string][] = [];
    for (const [key, value] of this.root.entries()) {
      if (value === undefined || typeof value === 'function') continue;
      entries.push([key, isSharedType(value) ? value : this.valueText(value)]);
    }
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const parts: Uint8Array[] = [];
    let length = 0;
    const add = (part: Uint8Array): void => {
      parts.push(part);
      length += part.length;
    };
    entries.forEach(([key, value], i) => {
      add(utf8ToBytes(`${i === 0 ? '{' : ','}${JSON.stringify(key)}:`));
      if (typeof value === 'string') add(utf8ToBytes(value));
      else {
        // Only the bytes of a root child are kept, not its text as well (session 39: a second
        // copy of the whole content, the largest part of an open case's memory beside its document).
        const cached = this.bytes.get(value) ?? utf8ToBytes(this.textOf(value, false));
        this.bytes.set(value, cached);
        add(cached);
      }
    });
    add(utf8ToBytes(entries.length === 0 ? '{}' : '}'));
    const out = new Uint8Array(length);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }

  /** SHA-1 (hex) of the canonical JSON: the shared `contentHash` of the content. */
  contentHash(): string {
    this.hash ??= bytesToHex(sha1(this.canonicalBytes()));
    return this.hash;
  }

  /**
   * The same hash by the platform's SHA-1 (Web Crypto) where there is one: native and off the
   * JavaScript thread, where hashing a 4-hour case (over a megabyte of JSON) in script held up
   * a throttled tablet for a tenth of a second per save. The text is taken now, at the call.
   */
  contentHashAsync(): Promise<string> {
    if (this.hash !== null) return Promise.resolve(this.hash);
    if (this.pendingHash) return this.pendingHash;
    const subtle = (globalThis as { crypto?: { subtle?: WebDigest } }).crypto?.subtle;
    if (!subtle) return Promise.resolve(this.contentHash());
    const generation = this.generation;
    const pending = subtle.digest('SHA-1', this.canonicalBytes()).then((digest: ArrayBuffer) => {
      const hex = bytesToHex(new Uint8Array(digest));
      if (this.generation === generation) this.hash = hex;
      return hex;
    });
    this.pendingHash = pending;
    return pending;
  }

  private textOf(type: SharedType, keep = true): string {
    const cached = this.texts.get(type);
    if (cached !== undefined) return cached;
    let text: string;
    if (isMap(type)) {
      const entries: [string, string][] = [];
      for (const [key, value] of type.entries()) {
        if (value === undefined || typeof value === 'function') continue;
        entries.push([key, this.valueText(value)]);
      }
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      text = `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
    } else if (isArray(type)) {
      text = `[${type
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
    if (isSharedType(value)) return this.textOf(value);
    if (value === null || typeof value !== 'object') return canonicalJson(value);
    let text = this.objects.get(value);
    if (text === undefined) {
      text = canonicalJson(value);
      this.objects.set(value, text);
    }
    return text;
  }

  destroy(): void {
    this.doc.off('afterTransaction', this.onTransaction);
    this.texts = new WeakMap();
    this.bytes = new WeakMap();
    this.objects = new WeakMap();
    this.pendingHash = null;
  }
}
