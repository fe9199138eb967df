import { Worker } from 'node:worker_threads';
import { canonicalJson, isSafeWaveSvg, validateCaseData, type Issue } from '@vigil/shared';
import type { Logger } from '../log.js';
import { sanitizeWaveSvg } from './wave-sanitize.js';

/** A wave whose svg breaks the wave svg rules, and what the server reduces it to ('' when nothing safe remains). */
export interface WaveFix {
  index: number;
  svg: string;
  sanitized: string;
}

/** What checking a case document's content found: schema issues and waves to reduce. */
export interface CaseCheck {
  issues: Issue[];
  waveFixes: WaveFix[];
}

/**
 * Validates a case document's content with the shared schema and finds the waves whose svg
 * breaks [CD3]/[CD12], with their sanitised form. Pure CPU work on plain JSON: it runs in the
 * worker thread (CaseChecker), off the event loop.
 */
export function checkCaseContent(content: unknown): CaseCheck {
  const issues = validateCaseData(content);
  const waves = content !== null && typeof content === 'object' ? (content as { waves?: unknown }).waves : undefined;
  const waveFixes: WaveFix[] = [];
  if (Array.isArray(waves)) {
    waves.forEach((wave: unknown, index) => {
      const svg = wave !== null && typeof wave === 'object' ? (wave as { svg?: unknown }).svg : undefined;
      if (typeof svg !== 'string' || svg === '' || isSafeWaveSvg(svg)) return;
      waveFixes.push({ index, svg, sanitized: sanitizeWaveSvg(svg) ?? '' });
    });
  }
  return { issues, waveFixes };
}

/** A case document's content as the Composition's caseData attachment carries it (spec 001 §3). */
export interface EncodedCaseData {
  /** Base64 of the canonical JSON (UTF-8). */
  data: string;
  /** Bytes of the canonical JSON. */
  size: number;
}

/**
 * The canonical JSON of a case document's content, base64, with its byte size: the CPU-heavy
 * part of the Composition projection (about a second for a case at the 8 MiB cap), run in the
 * worker thread (CaseChecker.encode) so the event loop stays free.
 */
export function encodeCaseData(content: unknown): EncodedCaseData {
  const json = Buffer.from(canonicalJson(content), 'utf8');
  return { data: json.toString('base64'), size: json.byteLength };
}

/** A job for the worker: check a case's content, or encode it for its Composition. */
export interface CaseJob {
  id: number;
  kind: 'check' | 'encode';
  content: unknown;
}

/** The worker's answer to one job: its result, or the error's message. */
export interface CaseJobReply {
  id: number;
  result?: CaseCheck | EncodedCaseData;
  error?: string;
}

/** Runs one job (in the worker thread). */
export function runCaseJob(job: CaseJob): CaseCheck | EncodedCaseData {
  return job.kind === 'check' ? checkCaseContent(job.content) : encodeCaseData(job.content);
}

/**
 * Starts the worker. The server runs its TypeScript through tsx (`node --import tsx`), whose
 * loader a worker thread does not inherit: the worker registers tsx first, then loads its entry.
 */
function startWorker(): Worker {
  const source = import.meta.url.endsWith('.ts');
  const entry = new URL(`./case-check-worker.${source ? 'ts' : 'js'}`, import.meta.url);
  if (!source) return new Worker(entry);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true });
}

/** How long one check may take before its worker is replaced and the check fails. */
export const CASE_CHECK_TIMEOUT_MS = 30_000;

interface Pending {
  kind: CaseJob['kind'];
  resolve: (result: CaseCheck | EncodedCaseData) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Runs checkCaseContent in a worker thread (issue 24 item 6): validating a case at the size
 * cap takes seconds of CPU (measured: 3.5 s for an 8 MiB case with 1,000 waves), which on the
 * event loop would stall every socket and request. One worker, started on first use, checks
 * one document at a time in arrival order; a worker that fails or times out is replaced. The
 * same worker also encodes a case's content for its Composition projection (encode).
 */
export class CaseChecker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly log: Logger) {}

  private start(): Worker {
    const worker = startWorker();
    worker.unref();
    worker.on('message', (msg: CaseJobReply) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      clearTimeout(p.timer);
      this.log.debug({ job: msg.id, kind: p.kind }, 'case job done');
      if (msg.result) p.resolve(msg.result);
      else p.reject(new Error(msg.error ?? 'case check failed'));
    });
    worker.on('error', (err) => this.fail(worker, err));
    worker.on('exit', (code) => {
      if (!this.closed && this.worker === worker) this.fail(worker, new Error(`case check worker exited (${code})`));
    });
    this.worker = worker;
    return worker;
  }

  /** Fails every waiting check of a broken worker; the next check starts a new one. */
  private fail(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.log.error({ err }, 'case check worker failed; starting another on the next check');
    void worker.terminate();
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
  }

  /** Validates a case's content and finds its unsafe waves (checkCaseContent), in the worker. */
  check(content: unknown): Promise<CaseCheck> {
    return this.run('check', content) as Promise<CaseCheck>;
  }

  /** The caseData attachment's data and size for a case's content (encodeCaseData), in the worker. */
  encode(content: unknown): Promise<EncodedCaseData> {
    return this.run('encode', content) as Promise<EncodedCaseData>;
  }

  private run(kind: CaseJob['kind'], content: unknown): Promise<CaseCheck | EncodedCaseData> {
    if (this.closed) return Promise.reject(new Error('case checker closed'));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<CaseCheck | EncodedCaseData>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(worker, new Error(`case ${kind} timed out`)), CASE_CHECK_TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, { kind, resolve, reject, timer });
      const job: CaseJob = { id, kind, content };
      // Logged (debug) when posted and when answered: tests/security/document-caps.test.ts
      // proves the event loop answers requests between the two (the work is not on it).
      this.log.debug({ job: id, kind }, 'case job posted');
      worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new Error('case checker closed'));
    }
    this.pending.clear();
    if (worker) await worker.terminate();
  }
}
