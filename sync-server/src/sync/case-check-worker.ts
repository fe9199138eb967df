/** The worker thread of CaseChecker: checks or encodes case contents posted to it, one at a time. */
import { parentPort } from 'node:worker_threads';
import { runCaseJob, type CaseJob, type CaseJobReply } from './case-check.js';

parentPort?.on('message', (job: CaseJob) => {
  let reply: CaseJobReply;
  try {
    reply = { id: job.id, result: runCaseJob(job) };
  } catch (err) {
    reply = { id: job.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
});
