import type { SedationLevel } from '../enums.js';
import { clock } from '../case-data/read.js';
import { levelPhrase, type SignoffReading } from '../rules/signoff-case.js';
import { flag, type SignoffFlag, type SignoffInput } from './signoff-rules.js';
import { sedationLevelRank, UNKNOWN_SEDATION_RANK } from '../rules/sedation-level.js';

/**
 * Sign-off flags of the category 'confirmation' (issue 29): events the signer confirms they meant
 * and explains. Rules SO19–SO20 (shared/RULES.md "Sign-off flags").
 */

/** Reversal agents by generic name, with the brand names a provider may type. */
export const REVERSAL_AGENTS: readonly { id: string; name: string; pattern: RegExp }[] = [
  { id: 'naloxone', name: 'Naloxone', pattern: /naloxone|narcan/i },
  { id: 'flumazenil', name: 'Flumazenil', pattern: /flumazenil|romazicon/i },
];

/**
 * [SO19] A reversal agent was given (naloxone reverses opioids, flumazenil benzodiazepines): the
 * signer confirms why and records it. One flag per agent, with its number of doses and the first
 * one's time; the drug is recognised by its id or its name, generic or brand.
 */
export function reversalFlags({ kase, timeZone }: SignoffInput): SignoffFlag[] {
  const out: SignoffFlag[] = [];
  for (const agent of REVERSAL_AGENTS) {
    const doses = kase.doses.filter((d) => agent.pattern.test(d.drugId) || agent.pattern.test(d.name));
    if (doses.length === 0) continue;
    const times = doses.map((d) => d.time).filter((t): t is number => t != null);
    const first = times.length === 0 ? '' : `, first at ${clock(Math.min(...times), timeZone)}`;
    const count = doses.length === 1 ? '1 dose' : `${doses.length} doses`;
    out.push(
      flag(
        'SO19',
        agent.id,
        ['drugsAdministered'],
        `${agent.name} was given (${count}${first}): confirm why a reversal agent was needed and note it in the record.`,
      ),
    );
  }
  return out;
}

/**
 * The deepest Ramsay sedation score (RSS 1–6, VT1) each level allows: minimal (and local) up to 2
 * (cooperative, tranquil), moderate up to 4 (responds to commands or to a light tap or loud voice),
 * deep up to 5 (sluggish response), GA 6 (no response).
 */
export const RAMSAY_MAX_BY_LEVEL: Readonly<Record<SedationLevel, number>> = {
  local: 2,
  minimal: 2,
  moderate: 4,
  deep: 5,
  ga: 6,
};

/**
 * [SO20] Sedation deeper than planned: the case's level deeper (SL1) than the level booked for it
 * (the context's plannedSedationLevel, the Appointment's), or a Ramsay score charted deeper than
 * the case's level allows (RAMSAY_MAX_BY_LEVEL). Keys 'SO20:planned' and 'SO20:ramsay'.
 */
export function deeperThanPlannedFlags({ ctx, kase, timeZone }: SignoffInput): SignoffFlag[] {
  const out: SignoffFlag[] = [];
  const level = kase.sedationLevel;
  const planned = ctx.plannedSedationLevel?.trim().toLowerCase() || null;
  if (level != null && planned != null) {
    const a = sedationLevelRank(level);
    const b = sedationLevelRank(planned);
    if (a !== UNKNOWN_SEDATION_RANK && b !== UNKNOWN_SEDATION_RANK && a > b) {
      out.push(
        flag(
          'SO20',
          'planned',
          ['sedationLevel'],
          `The case is charted as ${levelPhrase(level)}; ${levelPhrase(planned)} was planned: confirm the depth reached.`,
        ),
      );
    }
  }
  const allowed = level == null ? undefined : RAMSAY_MAX_BY_LEVEL[level as SedationLevel];
  if (allowed != null) {
    let deepest: SignoffReading | null = null;
    for (const r of kase.readings) {
      const v = r.values.rss;
      if (v != null && v > allowed && (deepest == null || v > deepest.values.rss!)) deepest = r;
    }
    if (deepest) {
      out.push(
        flag(
          'SO20',
          'ramsay',
          ['sedationLevel'],
          `A Ramsay score of ${deepest.values.rss} at ${clock(deepest.time, timeZone)} is deeper than ${levelPhrase(level!)} allows (up to ${allowed}): confirm the depth reached.`,
        ),
      );
    }
  }
  return out;
}

/** Every 'confirmation' flag, in rule order. */
export function confirmationFlags(input: SignoffInput): SignoffFlag[] {
  return [...reversalFlags(input), ...deeperThanPlannedFlags(input)];
}
