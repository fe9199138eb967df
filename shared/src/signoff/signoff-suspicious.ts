import { clock, records } from '../case-data/read.js';
import { caseWeightKg, localAmountText } from '../report/totals.js';
import { kgText } from '../rules/bmi.js';
import type { SignoffReading } from '../rules/signoff-case.js';
import { flag, keyTime, type SignoffFlag, type SignoffInput } from './signoff-rules.js';
import { localVariantName } from './signoff-sequence.js';

/**
 * Sign-off flags of the category 'suspicious' (issue 29): values that are valid but unlikely, worth
 * a second look before signing. Rules SO16–SO18 (shared/RULES.md "Sign-off flags").
 */

/** A weight change above this share of the last case's weight is flagged. */
export const WEIGHT_CHANGE_FLAG_SHARE = 0.2;

/**
 * [SO16] The weight changed by more than 20 % since the patient's last case: |now − before| /
 * before > 0.2 (70 → 84 kg is exactly 20 %, not flagged; 70 → 85 kg is 21.4 %, flagged). Often a
 * weight typed in pounds as kilograms, or the wrong patient's.
 */
export function weightChangeFlags({ ctx, kase }: SignoffInput): SignoffFlag[] {
  const before = ctx.previousWeightKg;
  const now = caseWeightKg(kase.data);
  if (before == null || !(before > 0) || now == null) return [];
  const share = Math.abs(now - before) / before;
  if (!(share > WEIGHT_CHANGE_FLAG_SHARE)) return [];
  const pct = Math.round(share * 100);
  return [
    flag(
      'SO16',
      null,
      ['weight'],
      `The weight of ${kgText(now)} is ${pct} % ${now > before ? 'more' : 'less'} than on the last case (${kgText(before)}): check the weight and its unit.`,
    ),
  ];
}

/** A run of SpO2 readings at 100 % lasting this long on room air is flagged. */
export const FLAT_SPO2_MINUTES = 60;

/** Airways and inhaled agents give oxygen: the patient is then not on room air. */
function onRoomAir(input: SignoffInput): boolean {
  const { kase } = input;
  if (kase.data.startedOnRoomAir !== true) return false;
  if (records(kase.data.airways).length > 0) return false;
  return !kase.doses.some((d) => d.route === 'inhalation');
}

/**
 * [SO17] SpO2 100 % on room air for an hour with no reading below: the case started on room air
 * (startedOnRoomAir yes) with no airway and no inhaled agent charted, and consecutive SpO2
 * readings all at 100 % spanning 60 minutes or more (first to last). Healthy patients on room air
 * rarely hold 100 % that long; a probe off the patient or copied values are more likely. One flag
 * per run, keyed by its first reading's UTC minute.
 */
export function flatSpo2Flags(input: SignoffInput): SignoffFlag[] {
  if (!onRoomAir(input)) return [];
  const { kase, timeZone } = input;
  const runs: SignoffReading[][] = [];
  let run: SignoffReading[] = [];
  for (const r of kase.readings) {
    const v = r.values.spo2;
    if (v == null) continue;
    if (v === 100) {
      run.push(r);
      continue;
    }
    if (run.length > 0) runs.push(run);
    run = [];
  }
  if (run.length > 0) runs.push(run);
  return runs
    .filter((x) => x.at(-1)!.time - x[0]!.time >= FLAT_SPO2_MINUTES * 60_000)
    .map((x) => {
      const from = x[0]!;
      const to = x.at(-1)!;
      const minutes = Math.floor((to.time - from.time) / 60_000);
      return flag(
        'SO17',
        keyTime(from.time),
        [from.source === 'manual' ? 'manualVitals' : 'vitalsRecords'],
        `SpO2 read 100 % on room air for ${minutes} minutes (${clock(from.time, timeZone)} to ${clock(to.time, timeZone)}) with no reading below: check the probe and whether oxygen was given.`,
      );
    });
}

/** Two doses closer than this are duplicates (issue 29 "within a minute"). */
export const DUPLICATE_DOSE_MS = 60_000;

interface Charted {
  key: string;
  label: string;
  field: string;
  time: number;
}

/**
 * [SO18] Duplicate doses within a minute: two doses of the same drug, route and amount (or the
 * same local anesthetic and amount) charted less than 60 s apart. One flag per duplicate, keyed by
 * the drug and the later dose's UTC minute.
 */
export function duplicateDoseFlags({ kase, timeZone }: SignoffInput): SignoffFlag[] {
  const charted: Charted[] = [
    ...kase.doses.flatMap((d) =>
      d.time == null
        ? []
        : [
            {
              key: `${d.drugId}|${d.route ?? ''}|${d.amount ?? ''}|${d.unit ?? ''}`,
              label: `${d.name}${d.amount == null ? '' : ` ${d.amount}${d.unit ? ` ${d.unit}` : ''}`}${d.route ? ` ${d.route}` : ''}`,
              field: 'drugsAdministered',
              time: d.time,
            },
          ],
    ),
    ...kase.localDoses.flatMap((d) =>
      d.time == null
        ? []
        : [
            {
              key: `local|${d.variantId}|${d.amount ?? ''}|${d.unit ?? ''}`,
              label: `${localVariantName(d.variantId)}${d.amount == null ? '' : ` ${localAmountText(d.amount, d.unit)}`}`,
              field: 'localDoses',
              time: d.time,
            },
          ],
    ),
  ].sort((a, b) => a.time - b.time);
  const out: SignoffFlag[] = [];
  const last = new Map<string, number>();
  for (const c of charted) {
    const before = last.get(c.key);
    if (before != null && c.time - before < DUPLICATE_DOSE_MS) {
      const drug = c.key.split('|').slice(0, 2).join(':');
      out.push(
        flag(
          'SO18',
          `${drug}:${keyTime(c.time)}`,
          [c.field],
          `${c.label} is charted twice at ${clock(c.time, timeZone)}: remove the duplicate, or confirm it was given twice.`,
        ),
      );
    }
    last.set(c.key, c.time);
  }
  return out;
}

/** Every 'suspicious' flag, in rule order. */
export function suspiciousFlags(input: SignoffInput): SignoffFlag[] {
  return [...weightChangeFlags(input), ...flatSpo2Flags(input), ...duplicateDoseFlags(input)];
}
