/**
 * The case document API (issue 36 item 6): the one module below the features that reads and writes
 * a case's document. Features hold a `CaseDoc` (an opaque handle), read through the hooks and
 * write through the commands; none imports `yjs` (eslint.config.js, proved by layers.test.ts).
 * A device driver (client/src/devices/) records its readings through `recordReading`.
 */
export { asCaseDoc, type CaseDoc } from './caseDoc.js';
export { newLocalCaseDoc, useLocalCaseDoc } from './localCase.js';
export { readVitalsRecords, recordReading } from './readings.js';
export {
  addListEntry,
  changeCase,
  editText,
  putListEntry,
  readCase,
  readField,
  removeListEntries,
  removeListEntry,
  replaceListEntry,
  setField,
  setRecordEntry,
  type CaseChange,
} from './commands.js';
export {
  useCaseJson,
  useCaseList,
  useCaseRecord,
  useCaseText,
  useCaseValue,
  useThrottledCaseJson,
  useVitalsRecords,
  type CaseList,
} from './hooks.js';
export { useHealthHistoryData } from './healthHistory.js';
export * from './fields.js';
export { applyPresets, type AppliedPresets } from './presets.js';
