/** The worker thread of CaseChecker: checks case contents posted to it, one at a time. */
import { parentPort } from 'node:worker_threads';
import { checkCaseContent } from './case-check.js';

parentPort?.on('message', (msg: { id: number; content: unknown }) => {
  try {
    parentPort?.postMessage({ id: msg.id, check: checkCaseContent(msg.content) });
  } catch (err) {
    parentPort?.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
