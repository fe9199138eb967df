import {
  applyPolicies,
  appointmentSedationLevel,
  type Appointment,
  caseAgeYears,
  measurementOf,
  openBlockingFlags,
  patientSignedConsent,
  signoffFlags,
  SIGNOFF_BLOCKED,
  type AppliedFlag,
  type Contract,
  type Observation,
  type PatientConsent,
  type Patient,
  type Policy,
  type SignoffContext,
  type SignoffFlag,
  type SignoffOverride,
  type SignoffOverrideRequest,
} from '@vigil/shared';
import { AppError } from '../errors.js';
import { parseSearch } from '../store/resources/search-params.js';
import type { Entitlements } from '../access/entitlements.js';
import type { ResourceStore } from '../store/resources/types.js';

/** The controlled-drug ledger lines of a case (LEDGER's service), when the drugInventory flag is on. */
export type LedgerLinesOf = (
  orgId: string,
  compositionId: string,
  caseContent: unknown,
) => Promise<SignoffContext['ledger']>;

export interface SignoffGateDeps {
  store: ResourceStore;
  entitlements: Pick<Entitlements, 'values' | 'has'>;
  /** The policies governing an organisation: its own, then its parents' (policies/service.ts). */
  policies: { effective(orgId: string): Promise<Policy[]> };
  /** LEDGER's ledger lines of a case (inventories/service.ts ledgerLinesForCase). */
  ledgerLines?: LedgerLinesOf;
  now: () => number;
}

/** What the gate decided for a case: every open flag with its action, and those still refusing finalize. */
export interface SignoffDecision {
  applied: AppliedFlag<SignoffFlag>[];
  blocking: SignoffFlag[];
}

const measuredAt = (o: Observation): string => o.effectiveDateTime ?? o.meta?.lastUpdated ?? '';

/**
 * The finalize gate (issue 29): builds the sign-off context of a case from the server's own
 * copy (the case content of the room snapshot, the patient's age from their record, their
 * weight before this case from their Observations, the case's ledger lines, the consent the
 * patient signed for the case's appointment on the patient link), runs the shared
 * sign-off rules and the organisation's policies (the same code the browser runs), and refuses
 * finalize while a blocking flag is open and not overridden.
 */
export class SignoffGate {
  constructor(private readonly deps: SignoffGateDeps) {}

  /** The sign-off context of a case, built from what the server holds. */
  async context(
    orgId: string,
    compositionId: string,
    caseData: Record<string, unknown>,
    patientId: string | null,
    timeZone: string,
    appointment: Appointment | null = null,
  ): Promise<SignoffContext> {
    const patient = patientId ? await this.read<Patient>(orgId, 'Patient', patientId) : null;
    const features = await this.deps.entitlements.values(orgId);
    return {
      caseData,
      patient: {
        ageYears: caseAgeYears(patient?.birthDate ?? null, caseData, this.deps.now()),
        sex: patient?.gender ?? null,
      },
      previousWeightKg: patientId ? await this.previousWeightKg(orgId, patientId, compositionId) : null,
      ledger:
        features.drugInventory === true && this.deps.ledgerLines
          ? await this.deps.ledgerLines(orgId, compositionId, caseData)
          : null,
      // The level booked on the Appointment, for "deeper than planned" (SO20).
      plannedSedationLevel: appointment ? appointmentSedationLevel(appointment) : null,
      timeZone,
      // A consent the patient signed on their phone records consent (SO3, issue 35 item 13).
      patientConsent: patientId ? await this.patientConsent(orgId, patientId, appointment?.id ?? compositionId) : null,
    };
  }

  /** Every open flag of the case with what the organisation's policies make of it. */
  async decide(orgId: string, ctx: SignoffContext, overriddenKeys: readonly string[]): Promise<SignoffDecision> {
    const enabled = await this.deps.entitlements.has(orgId, 'policies');
    const policies = enabled ? await this.deps.policies.effective(orgId) : [];
    const level = (ctx.caseData as { sedationLevel?: unknown } | null)?.sedationLevel;
    const applied = applyPolicies(signoffFlags(ctx), policies, level, enabled);
    return { applied, blocking: openBlockingFlags(applied, overriddenKeys) };
  }

  /**
   * [PO7] Refuses finalize (409 SIGNOFF_BLOCKED, the open blocking flags as the error's issues:
   * code = rule id, path = [flag key, ...fields], message) while one has no override; answers
   * the overrides to store, stamped by the server with the signer and the time. Overrides of
   * flags that are not blocking are not kept (they override nothing).
   */
  async check(
    orgId: string,
    ctx: SignoffContext,
    requested: readonly SignoffOverrideRequest[],
    signer: { userId: string; name: string },
  ): Promise<SignoffOverride[]> {
    const { applied, blocking } = await this.decide(
      orgId,
      ctx,
      requested.map((o) => o.flagKey),
    );
    if (blocking.length > 0) {
      throw new AppError(
        409,
        SIGNOFF_BLOCKED,
        `${blocking.length} sign-off flag(s) must be fixed or overridden`,
        blocking.map((f) => ({ severity: 'error', code: f.id, path: [f.key, ...f.fields], message: f.message })),
      );
    }
    const time = this.deps.now();
    const out: SignoffOverride[] = [];
    for (const o of requested) {
      const a = applied.find((x) => x.action === 'block' && x.flag.key === o.flagKey);
      if (!a || out.some((x) => x.flagKey === o.flagKey)) continue;
      out.push({
        flagKey: a.flag.key,
        flagId: a.flag.id,
        message: a.flag.message,
        reason: o.reason,
        userId: signer.userId,
        name: signer.name,
        time,
      });
    }
    return out;
  }

  private async read<T>(orgId: string, type: 'Patient', id: string): Promise<T | null> {
    const v = await this.deps.store.read(orgId, type, id);
    return v && !v.deleted ? (v.resource as T) : null;
  }

  /**
   * [SO3] The newest consent the patient signed for this appointment (shared patientSignedConsent):
   * the organisation's own executed Contracts of the patient (the store is org-scoped; a deleted
   * one is not live), of which only a signed one naming this appointment counts.
   */
  private async patientConsent(
    orgId: string,
    patientId: string,
    appointmentId: string,
  ): Promise<PatientConsent | null> {
    const clauses = parseSearch(
      'Contract',
      new URLSearchParams({ patient: `Patient/${patientId}`, status: 'executed' }),
    );
    const page = await this.deps.store.search(orgId, 'Contract', clauses, { count: 1000, offset: 0 });
    return patientSignedConsent(page.items as Contract[], appointmentId);
  }

  /**
   * The patient's weight before this case: the newest weight Observation of the patient (not
   * entered in error, by the time it was measured) that does not come from this case.
   */
  private async previousWeightKg(orgId: string, patientId: string, compositionId: string): Promise<number | null> {
    const clauses = parseSearch('Observation', new URLSearchParams({ patient: `Patient/${patientId}` }));
    const page = await this.deps.store.search(orgId, 'Observation', clauses, { count: 1000, offset: 0 });
    const weights = (page.items as Observation[])
      .filter((o) => o.status !== 'entered-in-error' && measuredAt(o) !== '')
      .filter((o) => !JSON.stringify(o).includes(compositionId))
      .sort((a, b) => measuredAt(b).localeCompare(measuredAt(a)));
    for (const o of weights) {
      const m = measurementOf(o, 'weight');
      if (m && m.value > 0) return m.value;
    }
    return null;
  }
}
