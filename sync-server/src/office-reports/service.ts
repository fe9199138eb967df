import {
  OFFICE_REPORT_MAX_CASES,
  OFFICE_REPORTS,
  billingUnitRows,
  caseLogRow,
  controlledDrugRows,
  csvFile,
  officeReportFormatSchema,
  officeReportKindSchema,
  overrideRows,
  reconcileLedger,
  officeReportFileName,
  type CaseFacts,
  type OfficeReportFileView,
  type OfficeReportKind,
  type OfficeReportRowView,
} from '@vigil/shared';
import { z } from 'zod';
import type { Caller } from '../access/caller.js';
import type { Need, OrgAccess } from '../access/index.js';
import { factsFilter } from '../analytics/service.js';
import type { AnalyticsReadModel } from '../analytics/read-model.js';
import { AppError } from '../errors.js';
import { parseInput } from '../input.js';
import { orgFor } from '../orgs/authorize.js';
import type { PageRequest } from '../pages.js';
import type { PdfPrinter } from '../report/pdf.js';
import type { CaseFactsStore, FactsFilter } from '../store/analytics/types.js';
import type { InventoryStore } from '../store/inventories/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import { reportHtml, REPORT_PRINT_WIDTH } from './pdf.js';

export interface OfficeReportsDeps {
  facts: CaseFactsStore;
  model: Pick<AnalyticsReadModel, 'catchUp'>;
  orgs: Pick<OrgStore, 'org'>;
  access: OrgAccess;
  inventories: Pick<InventoryStore, 'entries'>;
  printer: Pick<PdfPrinter, 'print'>;
  now: () => number;
}

/**
 * Who may export the office's reports: whoever administers it (spec 000 §6), as its analytics;
 * billing figures and the controlled-drug reconciliation are the office manager's, not every
 * member's. No plan gate: the exports are the office's own records.
 */
export const OFFICE_REPORTS_NEED: readonly Need[] = ['admin'];

/** Facts read from the store a page at a time while a report is gathered. */
const READ_PAGE = 500;

const argsSchema = z.object({ kind: officeReportKindSchema, format: officeReportFormatSchema.nullish() });
const daySchema = z.object({ from: z.string().nullish(), to: z.string().nullish() }).nullish();

function tooLarge(): never {
  throw new AppError(
    413,
    'REPORT_TOO_LARGE',
    `A report holds at most ${OFFICE_REPORT_MAX_CASES} cases: choose a shorter date range.`,
  );
}

/**
 * The office's reports (issue 41; spec 000 §2 `/org/{orgId}/reports`): the case log, the
 * controlled drugs given with the ledger's reconciliation, anesthesia units per provider and the
 * overrides with their reasons, read from the analytics read model and the ledger (never from the
 * case documents), at most OFFICE_REPORT_MAX_CASES cases a report; a page at a time for the
 * screen, whole as CSV or PDF.
 */
export class OfficeReportsService {
  constructor(private readonly deps: OfficeReportsDeps) {}

  /** officeReport(orgId, kind, filter, first, after): one page of a report's rows. */
  async rows(caller: Caller, args: Record<string, unknown>, page: PageRequest): Promise<OfficeReportRowView[]> {
    const { orgId, kind, filter } = await this.allowed(caller, args);
    const rows = await this.gather(orgId, kind, filter);
    const start = page.after !== null && /^\d+$/.test(page.after) ? Number(page.after) : 0;
    return rows.slice(start, start + page.first).map((cells, i) => ({ cells, cursor: String(start + i + 1) }));
  }

  /** officeReportFile(orgId, kind, filter, format): the whole report as a CSV or a PDF. */
  async file(caller: Caller, args: Record<string, unknown>): Promise<OfficeReportFileView> {
    const { orgId, kind, filter } = await this.allowed(caller, args);
    const { format } = parseInput(argsSchema, { kind, format: args.format });
    const range = parseInput(daySchema, args.filter) ?? {};
    const rows = await this.gather(orgId, kind, filter);
    const spec = OFFICE_REPORTS[kind];
    const filename = officeReportFileName(kind, range.from ?? null, range.to ?? null, format ?? 'csv');
    if (format === 'pdf') {
      const org = await this.deps.orgs.org(orgId);
      const html = reportHtml({
        title: spec.title,
        org: org?.name ?? orgId,
        range: `${range.from ?? 'the first case'} to ${range.to ?? 'the last case'}`,
        columns: spec.columns,
        rows,
        printedAt: this.deps.now(),
      });
      const bytes = await this.deps.printer.print(html, REPORT_PRINT_WIDTH);
      return {
        filename,
        contentType: 'application/pdf',
        rows: rows.length,
        base64: Buffer.from(bytes).toString('base64'),
      };
    }
    // A byte-order mark first, so a spreadsheet opens the UTF-8 (accented names) as UTF-8.
    const csv = `\uFEFF${csvFile(spec.columns, rows)}`;
    return {
      filename,
      contentType: 'text/csv; charset=utf-8',
      rows: rows.length,
      base64: Buffer.from(csv, 'utf8').toString('base64'),
    };
  }

  private async allowed(
    caller: Caller,
    args: Record<string, unknown>,
  ): Promise<{ orgId: string; kind: OfficeReportKind; filter: FactsFilter }> {
    const { org } = await orgFor(
      { store: this.deps.orgs, access: this.deps.access },
      caller,
      args.orgId,
      OFFICE_REPORTS_NEED,
    );
    const { kind } = parseInput(argsSchema, { kind: args.kind });
    const filter = factsFilter(args);
    await this.deps.model.catchUp();
    return { orgId: org.id, kind, filter };
  }

  private async gather(orgId: string, kind: OfficeReportKind, filter: FactsFilter): Promise<string[][]> {
    switch (kind) {
      case 'caseLog':
        return (await this.cases(orgId, filter)).map(caseLogRow);
      case 'billingUnits':
        return billingUnitRows(await this.cases(orgId, filter));
      case 'overrides':
        return (await this.cases(orgId, filter)).flatMap(overrideRows);
      case 'controlledDrugs':
        return this.controlledDrugs(orgId, filter);
    }
  }

  /** Every case the filter selects, newest start first; REPORT_TOO_LARGE above the bound. */
  private async cases(orgId: string, filter: FactsFilter): Promise<CaseFacts[]> {
    const out: CaseFacts[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await this.deps.facts.cases(orgId, filter, {}, { first: READ_PAGE, after });
      out.push(...page);
      if (out.length > OFFICE_REPORT_MAX_CASES) tooLarge();
      if (page.length < READ_PAGE) return out;
      const last = page.at(-1)!;
      after = `${last.startAt ?? 0}~${last.caseId}`;
    }
  }

  /**
   * [OR5] The cases with ledger entries dated in the range (a dispense, waste, return or
   * administration for a case), each reconciled over all its entries against its charted doses as
   * the read model keeps them (LG10, LG11); newest case first. A provider or location filter keeps
   * the cases of that provider or place.
   */
  private async controlledDrugs(orgId: string, filter: FactsFilter): Promise<string[][]> {
    const caseIds = new Set<string>();
    let after: number | undefined;
    for (;;) {
      const range = {
        ...(filter.from !== null ? { from: filter.from } : {}),
        ...(filter.to !== null ? { to: filter.to } : {}),
      };
      const page = await this.deps.inventories.entries(orgId, range, {
        limit: READ_PAGE,
        ...(after !== undefined ? { after } : {}),
      });
      for (const e of page) if (e.caseId) caseIds.add(e.caseId);
      if (caseIds.size > OFFICE_REPORT_MAX_CASES) tooLarge();
      if (page.length < READ_PAGE) break;
      after = page.at(-1)!.seq;
    }
    const cases = await Promise.all(
      [...caseIds].map(async (caseId) => {
        const [facts, entries] = await Promise.all([
          this.deps.facts.get(orgId, caseId),
          this.deps.inventories.entries(orgId, { caseId }),
        ]);
        return { caseId, facts, entries };
      }),
    );
    const wanted = cases.filter(({ facts }) => {
      if (filter.providerIds.length > 0 && !filter.providerIds.includes(facts?.providerId ?? '')) return false;
      return filter.locationId === null || facts?.locationId === filter.locationId;
    });
    wanted.sort((a, b) => (b.facts?.startAt ?? 0) - (a.facts?.startAt ?? 0) || b.caseId.localeCompare(a.caseId));
    return wanted.flatMap(({ caseId, facts, entries }) => {
      const lines = reconcileLedger(
        entries.map((e) => ({
          kind: e.kind,
          corrects: e.corrects ?? null,
          quantity: e.quantity,
          drug: e.lot.drug,
          unit: e.lot.unit,
        })),
        facts?.chartedDoses ?? [],
      );
      return controlledDrugRows(facts ?? { caseId, startAt: null, providerName: null }, lines);
    });
  }
}
