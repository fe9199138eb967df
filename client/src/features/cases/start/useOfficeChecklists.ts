import { useEffect } from 'react';
import { startCaseChecklists, type CaseDoc } from '../../../case/index.js';
import { useOrgChecklists, type OrgChecklistsOptions } from '../../../data/orgChecklists.js';

/*
 * A new case starts with the office's checklists (issue 39). Only the device that created the case
 * on the new-case screen puts them in (offline too, from its copy of the office's settings): two
 * devices opening a case neither has synced would otherwise both add the same items.
 */

const NEW_CASES_KEY = 'vigil:new-cases';

/** Where the marks are kept: this tab's session storage (kept across a reload), or memory in tests. */
export interface NewCaseMarks {
  read: () => string[];
  write: (ids: string[]) => void;
}

const sessionMarks: NewCaseMarks = {
  read: () => {
    try {
      const ids: unknown = JSON.parse(window.sessionStorage.getItem(NEW_CASES_KEY) ?? '[]');
      return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  },
  write: (ids) => {
    try {
      window.sessionStorage.setItem(NEW_CASES_KEY, JSON.stringify(ids.slice(-20)));
    } catch {
      // A browser without storage: the case starts without the office's lists.
    }
  },
};

/** The new-case screen marks the case it created, before it opens it. */
export function markNewCase(caseId: string, marks: NewCaseMarks = sessionMarks): void {
  marks.write([...marks.read().filter((id) => id !== caseId), caseId]);
}

export interface OfficeChecklistsSeedOptions extends OrgChecklistsOptions {
  marks?: NewCaseMarks;
}

/**
 * Puts the office's checklists into a case this device just created (startCaseChecklists), once
 * its document and the office's lists (the server's, or this device's copy offline) are read;
 * never into a read-only case or one that has started.
 */
export function useOfficeChecklists(
  doc: CaseDoc | undefined,
  orgId: string,
  caseId: string,
  blocked: boolean,
  { marks = sessionMarks, ...options }: OfficeChecklistsSeedOptions = {},
): void {
  const lists = useOrgChecklists(orgId, options);
  const data = lists.data;
  useEffect(() => {
    if (!doc || blocked || !data || !marks.read().includes(caseId)) return;
    startCaseChecklists(doc, data);
    marks.write(marks.read().filter((id) => id !== caseId));
  }, [doc, blocked, data, caseId, marks]);
}
