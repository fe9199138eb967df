import { caseDischarge } from '../report/discharge.js';
import { DISCHARGE_ITEM_LABELS } from '../report/labels.js';
import { clock, num, records, text, timeOf } from '../case-data/read.js';
import { DAY } from '../constants/time.js';
import { isDepthLevel, levelPhrase, type SignoffReading } from '../rules/signoff-case.js';
import { CONTRACT_APPOINTMENT_EXTENSION, type Contract } from '../fhir/contract.js';
import { flag, keyTime, type PatientConsent, type SignoffFlag, type SignoffInput } from './signoff-rules.js';
import { vitalCheckpoints, vitalsIntervalMinutes } from '../rules/vitals.js';

/**
 * Sign-off flags of the category 'missing' (issue 29): what a signed record must hold and this
 * case does not. Rules SO1–SO9 (shared/RULES.md "Sign-off flags").
 */

/** [SO1] The ASA physical status classification is recorded. */
export function asaFlags({ kase }: SignoffInput): SignoffFlag[] {
  if (text(kase.data.asaClassification) != null) return [];
  return [flag('SO1', null, ['asaClassification'], 'The ASA classification is not recorded.')];
}

/** [SO2] NPO times: the last food and the last drink are recorded; one flag names what is missing. */
export function npoFlags({ kase }: SignoffInput): SignoffFlag[] {
  const missing = (
    [
      ['lastFood', 'last food'],
      ['lastDrink', 'last drink'],
    ] as const
  ).filter(([key]) => text(kase.data[key]) == null);
  if (missing.length === 0) return [];
  const what = missing.map(([, label]) => label).join(' and ');
  return [
    flag(
      'SO2',
      null,
      missing.map(([key]) => key),
      `NPO status is not recorded: the time of the ${what} is missing.`,
    ),
  ];
}

/** A pre-op checklist item about consent ('Consent signed', STANDARD_PRE_OP_CHECKLIST). */
const CONSENT = /consent/i;

/**
 * [SO3][PC1] The newest consent the patient signed for an appointment on the patient link: an
 * executed Contract naming the appointment with a drawn signature made by a patient (a form with
 * a signature is a consent form, as the Forms page offers it; issue 35). A draft (any status but
 * executed: offered, executable, negotiable…), a revoked, cancelled or entered-in-error contract,
 * another appointment's, one without a drawn signature or one signed only by staff does not
 * count. The caller hands in one organisation's contracts (the server's org-scoped store, the
 * device's cache of the organisation). Null when there is none.
 */
export function patientSignedConsent(contracts: readonly Contract[], appointmentId: string): PatientConsent | null {
  const signed = contracts.flatMap((c) => {
    const forCase = (c.extension ?? []).some(
      (e) =>
        e.url === CONTRACT_APPOINTMENT_EXTENSION &&
        (e.valueReference as { reference?: string } | undefined)?.reference === `Appointment/${appointmentId}`,
    );
    const signature = (c.signer ?? [])
      .flatMap((s) => (s.signature ?? []).map((x) => ({ x, party: s.party?.reference })))
      .find(
        ({ x, party }) =>
          typeof x.data === 'string' && x.data !== '' && (x.who?.reference ?? party ?? '').startsWith('Patient/'),
      )?.x;
    if (!c.id || c.status !== 'executed' || !forCase || !signature) return [];
    return [{ contractId: c.id, title: c.title ?? 'Consent', signedAt: signature.when || c.issued || '' }];
  });
  return signed.sort((a, b) => b.signedAt.localeCompare(a.signedAt))[0] ?? null;
}

/**
 * [SO3] Consent is recorded: a consent the patient signed for the case on their phone
 * (patientSignedConsent, issue 35), or a pre-op checklist item naming consent ticked (the
 * standard checklist's 'Consent signed'; docs/decisions.md).
 */
export function consentFlags({ ctx, kase }: SignoffInput): SignoffFlag[] {
  if (ctx.patientConsent) return [];
  const items = records(kase.data.preOpChecklist).filter((i) => CONSENT.test(text(i.label) ?? ''));
  if (items.some((i) => i.complete === true)) return [];
  return [
    flag(
      'SO3',
      null,
      ['preOpChecklist'],
      items.length === 0
        ? "Consent is not recorded: add 'Consent signed' to the pre-op checklist and tick it."
        : `Consent is not ticked on the pre-op checklist ('${text(items[0]!.label)}').`,
    ),
  ];
}

/** [SO4] A health history was reviewed for the case: one of the patient's histories is used in it (healthHistoryId). */
export function healthHistoryFlags({ kase }: SignoffInput): SignoffFlag[] {
  if (text(kase.data.healthHistoryId) != null) return [];
  return [
    flag(
      'SO4',
      null,
      ['healthHistoryId'],
      "No health history was reviewed for this case: use the patient's health history in the case.",
    ),
  ];
}

/** The vitals a baseline needs, with the words used in messages. */
export const BASELINE_VITALS = [
  ['sbp', 'blood pressure'],
  ['hr', 'heart rate'],
  ['spo2', 'SpO2'],
] as const;

/** Routes that give fluids, not drugs: they do not end the baseline. */
const FLUID_ROUTES: ReadonlySet<string> = new Set(['fluid', 'fluidBolus', 'syringeFlush']);

/**
 * [SO5] Baseline vitals: a blood pressure, a heart rate and an SpO2 recorded (each in any reading,
 * manual or monitor) no later than the first drug given in the case (a dose of drugsAdministered
 * other than fluids, or a local anesthetic); with no drug charted, at any time. Pre-meds taken
 * before arrival do not count as the first drug (docs/decisions.md).
 */
export function baselineFlags({ kase, timeZone }: SignoffInput): SignoffFlag[] {
  const doseTimes = [
    ...kase.doses.filter((d) => d.route == null || !FLUID_ROUTES.has(d.route)).map((d) => d.time),
    ...kase.localDoses.map((d) => d.time),
  ].filter((t): t is number => t != null);
  const firstDrug = doseTimes.length === 0 ? null : Math.min(...doseTimes);
  const before = kase.readings.filter((r) => firstDrug == null || r.time <= firstDrug);
  const missing = BASELINE_VITALS.filter(([id]) => !before.some((r) => r.values[id] != null));
  if (missing.length === 0) return [];
  const what = missing.map(([, label]) => label).join(', ');
  return [
    flag(
      'SO5',
      null,
      ['manualVitals'],
      firstDrug == null
        ? `No baseline vitals: ${what} not recorded.`
        : `No baseline vitals before the first drug at ${clock(firstDrug, timeZone)}: ${what} not recorded.`,
    ),
  ];
}

/** Checkpoints looked at from case start: a day's worth, so a wrong year in a time cannot loop for ever. */
const CHECKPOINT_SPAN_CAP_MS = DAY;

function hasReadingNear(readings: readonly SignoffReading[], time: number, half: number): boolean {
  return readings.some((r) => r.time >= time - half && r.time <= time + half);
}

/**
 * [SO6] A vitals checkpoint of the case's interval (VT4: 5 minutes, or 10 if set) missed while
 * monitoring at moderate sedation or deeper: every checkpoint (VT5) from case start to Stopped
 * Monitoring (else Recovery Completed, else the last reading) needs a reading within half an
 * interval either side, as the case screen's checkpoint table shows it. Consecutive missed
 * checkpoints are one flag, keyed by the first one's time.
 */
export function checkpointFlags({ kase, timeZone }: SignoffInput): SignoffFlag[] {
  const start = kase.times.caseStart;
  if (!isDepthLevel(kase.sedationLevel) || !kase.vitalsTracked || start == null) return [];
  const interval = vitalsIntervalMinutes(kase.data.vitalsInterval);
  const lastReading = kase.readings.at(-1)?.time ?? null;
  const until = Math.min(
    kase.times.vitalsEnd ?? kase.times.end ?? lastReading ?? start,
    start + CHECKPOINT_SPAN_CAP_MS,
  );
  const half = (interval * 60_000) / 2;
  const missed = vitalCheckpoints(start, start, until, interval).filter((t) => !hasReadingNear(kase.readings, t, half));
  const runs: number[][] = [];
  for (const t of missed) {
    const run = runs.at(-1);
    if (run && t - run.at(-1)! === interval * 60_000) run.push(t);
    else runs.push([t]);
  }
  const why = `every ${interval} minutes at ${levelPhrase(kase.sedationLevel!)}`;
  return runs.map((run) =>
    flag(
      'SO6',
      keyTime(run[0]!),
      ['manualVitals'],
      run.length === 1
        ? `No vitals at the ${clock(run[0]!, timeZone)} checkpoint (${why}).`
        : `No vitals at ${run.length} checkpoints from ${clock(run[0]!, timeZone)} to ${clock(run.at(-1)!, timeZone)} (${why}).`,
    ),
  );
}

/**
 * [SO7] The discharge score is complete (DS7: every item scored and the vitals score exists),
 * computed as the Discharge section and the report compute it (RL2).
 */
export function dischargeFlags({ kase }: SignoffInput): SignoffFlag[] {
  const model = caseDischarge(kase.data);
  if (model.summary.complete) return [];
  const unscored = model.items.filter((i) => i.score == null || i.score < 0 || i.score > i.max);
  const parts: string[] = [];
  if (unscored.length > 0) {
    parts.push(`${unscored.map((i) => DISCHARGE_ITEM_LABELS[i.id] ?? i.id).join(', ')} not scored`);
  }
  if (model.summary.vitalsScore == null) parts.push('the vitals score needs first and last values of two vitals');
  const name = model.type === 'pads' ? 'PADS' : 'Aldrete';
  return [
    flag('SO7', null, ['dischargeScoreEntries'], `The ${name} discharge score is incomplete: ${parts.join('; ')}.`),
  ];
}

/** [SO8] The final room-air SpO2 is recorded (a positive number, CF1). */
export function finalSpo2Flags({ kase }: SignoffInput): SignoffFlag[] {
  const v = num(kase.data.finalRoomAirSpO2);
  if (v != null && v > 0) return [];
  return [flag('SO8', null, ['finalRoomAirSpO2'], 'The final room-air SpO2 is not recorded.')];
}

/** [SO9] The case carries at least one signature with a name, a drawn signature and a time (CD8). */
export function signatureFlags({ kase }: SignoffInput): SignoffFlag[] {
  const signed = records(kase.data.signatures).some(
    (s) => text(s.name) != null && text(s.signature) != null && timeOf(s.time) != null,
  );
  if (signed) return [];
  return [flag('SO9', null, ['signatures'], 'The case has no signature: add one under Signatures.')];
}

/** Every 'missing' flag, in rule order. */
export function missingFlags(input: SignoffInput): SignoffFlag[] {
  return [
    ...asaFlags(input),
    ...npoFlags(input),
    ...consentFlags(input),
    ...healthHistoryFlags(input),
    ...baselineFlags(input),
    ...checkpointFlags(input),
    ...dischargeFlags(input),
    ...finalSpo2Flags(input),
    ...signatureFlags(input),
  ];
}
