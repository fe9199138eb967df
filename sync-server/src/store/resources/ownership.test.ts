import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BAA_CONTRACT_ID } from '@vigil/shared';
import { openDatabase, type Db } from '../sqlite/database.js';
import { sqliteIdOwnership, sqliteSignedRecords } from './ownership.js';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-ids-'));
  db = openDatabase(dir).db;
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function resource(orgId: string, type: string, id: string, at: string, version = 1): void {
  db.prepare(
    `INSERT INTO resource_history (org_id, resource_type, id, version_id, last_updated, deleted, json)
     VALUES (?, ?, ?, ?, ?, 0, '{}')`,
  ).run(orgId, type, id, version, at);
}
function document(orgId: string, docId: string, at: string, finalized = false): void {
  db.prepare('INSERT INTO sync_documents (room, org_id, doc_id, created_at, finalized_at) VALUES (?, ?, ?, ?, ?)').run(
    `${orgId}/${docId}`,
    orgId,
    docId,
    at,
    finalized ? at : null,
  );
}

describe('id ownership (issue 24 item 2)', () => {
  it('gives an id to the organisation that used it first, as a resource of any type or a case document', async () => {
    const ids = sqliteIdOwnership(db);
    expect(await ids.ownerOf('apt-1')).toBeNull();
    resource('org-a', 'Appointment', 'apt-1', '2026-11-20T10:00:00.000Z');
    expect(await ids.ownerOf('apt-1')).toBe('org-a');
    expect(await ids.belongsElsewhere('org-b', 'apt-1')).toBe(true);
    expect(await ids.belongsElsewhere('org-a', 'apt-1')).toBe(false);
    // A case document alone claims its id too.
    document('org-a', 'doc-1', '2026-11-20T10:00:00.000Z');
    expect(await ids.belongsElsewhere('org-b', 'doc-1')).toBe(true);
  });

  it('keeps the first owner when a later organisation already holds the id (data from before the check)', async () => {
    const ids = sqliteIdOwnership(db);
    resource('org-a', 'Appointment', 'apt-2', '2026-11-20T10:00:00.000Z');
    resource('org-a', 'Appointment', 'apt-2', '2026-11-20T12:00:00.000Z', 2);
    // Org B finalized the same id later (the attack of issue 24 item 2): A keeps it.
    document('org-b', 'apt-2', '2026-11-20T11:00:00.000Z', true);
    expect(await ids.ownerOf('apt-2')).toBe('org-a');
    expect(await ids.belongsElsewhere('org-a', 'apt-2')).toBe(false);
    expect(await ids.belongsElsewhere('org-b', 'apt-2')).toBe(true);
  });

  it('never gives away the per-organisation Business Associate Agreement id', async () => {
    const ids = sqliteIdOwnership(db);
    resource('org-a', 'Contract', BAA_CONTRACT_ID, '2026-11-20T10:00:00.000Z');
    expect(await ids.belongsElsewhere('org-b', BAA_CONTRACT_ID)).toBe(false);
  });
});

describe('signed records (issue 24 item 1)', () => {
  function pdf(orgId: string, pdfId: string, caseId: string, supersededBy: string | null): void {
    db.prepare(
      `INSERT INTO report_pdfs (org_id, pdf_id, composition_id, sha256, title, signer_name, signature, signature_time,
         signed_by, time_zone, superseded_by, created_at)
       VALUES (?, ?, ?, 'ab', 't', 's', 'M 0 0', 1, 'u', 'UTC', ?, 1)`,
    ).run(orgId, pdfId, caseId, supersededBy);
  }

  it('locks a case with a current PDF or a final document, and every PDF ever signed, in its organisation only', async () => {
    const signed = sqliteSignedRecords(db);
    pdf('org-a', 'bin-1', 'apt-1', 'bin-2');
    expect(await signed.isSigned('org-a', 'Composition', 'apt-1')).toBe(false);
    pdf('org-a', 'bin-2', 'apt-1', null);
    for (const type of ['Composition', 'Appointment'] as const)
      expect(await signed.isSigned('org-a', type, 'apt-1')).toBe(true);
    expect(await signed.isSigned('org-a', 'Binary', 'bin-1')).toBe(true);
    expect(await signed.isSigned('org-a', 'Binary', 'bin-2')).toBe(true);
    expect(await signed.isSigned('org-a', 'Patient', 'apt-1')).toBe(false);
    expect(await signed.isSigned('org-b', 'Composition', 'apt-1')).toBe(false);
    expect(await signed.signedPdfSha256('org-a', 'bin-1')).toBe('ab');
    expect(await signed.signedPdfSha256('org-b', 'bin-1')).toBeNull();
    document('org-a', 'apt-9', '2026-11-20T10:00:00.000Z', true);
    expect(await signed.isSigned('org-a', 'Appointment', 'apt-9')).toBe(true);
  });
});
