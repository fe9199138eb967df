import { clock } from '../case-data/read.js';
import { localAmountText } from '../report/totals.js';
import { findVariant, LOCAL_ANESTHETIC_DRUGS } from '../rules/local-anesthetics.js';
import { eventTimeEntries, TIMELINE_EVENT_LABELS } from '../rules/event-times.js';
import { flag, keyTime, type SignoffFlag, type SignoffInput } from './signoff-rules.js';

/**
 * Sign-off flags of the category 'sequence' (issue 29): times that cannot all be true.
 * Rules SO10–SO11 (shared/RULES.md "Sign-off flags").
 */

/** An event's name as the Times section and the timeline show it (spec 002 §3). */
export function eventName(id: string): string {
  if (id === 'timeout') return 'Timeout';
  return (TIMELINE_EVENT_LABELS as Readonly<Record<string, string>>)[id] ?? id;
}

/**
 * [SO10] Event times out of order, by the event-time rules (ET1, ET2, ET4): a time before the
 * tightest of its lower bounds ("Anes. End at 10:20 is before Anes. Start at 10:25"), a time set
 * whose prerequisite has none, and Procedure End missing once Procedure Start is set. One flag
 * per event, keyed by its id; each pair out of order is reported once, at the later event (its
 * lower bound), never again from the other side.
 */
export function eventOrderFlags({ kase, timeZone }: SignoffInput): SignoffFlag[] {
  const out: SignoffFlag[] = [];
  for (const e of eventTimeEntries(kase.eventInput)) {
    if (e.derived) continue;
    const name = eventName(e.id);
    let message: string | null = null;
    if (e.required && e.time == null) {
      message = `${name} is not recorded, and is required once ${eventName('surgeryStart')} is.`;
    } else if (e.time != null && e.preReq != null && !e.canSet) {
      message = `${name} is recorded at ${clock(e.time, timeZone)} but ${eventName(e.preReq)} is not.`;
    } else if (e.time != null && e.min != null && e.time < e.min && e.minTimeName != null) {
      message = `${name} at ${clock(e.time, timeZone)} is before ${eventName(e.minTimeName)} at ${clock(e.min, timeZone)}.`;
    }
    if (message != null) out.push(flag('SO10', e.id, ['events'], message));
  }
  return out;
}

/**
 * [SO11] A dose after the end of the case: a dose of drugsAdministered or a local anesthetic
 * timed after Recovery Completed. One flag per dose, keyed by the drug and the dose's UTC minute.
 */
export function doseAfterEndFlags({ kase, timeZone }: SignoffInput): SignoffFlag[] {
  const end = kase.times.end;
  if (end == null) return [];
  const endText = clock(end, timeZone);
  const out: SignoffFlag[] = [];
  for (const d of kase.doses) {
    if (d.time == null || d.time <= end) continue;
    const amount = d.amount == null ? '' : ` ${d.amount}${d.unit ? ` ${d.unit}` : ''}`;
    out.push(
      flag(
        'SO11',
        `${d.drugId}:${keyTime(d.time)}`,
        ['drugsAdministered'],
        `${d.name}${amount} at ${clock(d.time, timeZone)} is after the end of the case (${endText}).`,
      ),
    );
  }
  for (const d of kase.localDoses) {
    if (d.time == null || d.time <= end) continue;
    const name = localVariantName(d.variantId);
    const amount = localAmountText(d.amount, d.unit);
    out.push(
      flag(
        'SO11',
        `${d.variantId}:${keyTime(d.time)}`,
        ['localDoses'],
        `${name}${amount ? ` ${amount}` : ''} at ${clock(d.time, timeZone)} is after the end of the case (${endText}).`,
      ),
    );
  }
  return out;
}

/** Every 'sequence' flag, in rule order. */
export function sequenceFlags(input: SignoffInput): SignoffFlag[] {
  return [...eventOrderFlags(input), ...doseAfterEndFlags(input)];
}

/** A local anesthetic's drug name by its variant id ('lidocaine-epi100' → 'Lidocaine'), else the id. */
export function localVariantName(variantId: string): string {
  const v = findVariant(variantId);
  return v ? LOCAL_ANESTHETIC_DRUGS[v.drugId].name : variantId || 'Local anesthetic';
}
