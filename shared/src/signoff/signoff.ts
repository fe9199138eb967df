import { readSignoffCase } from '../rules/signoff-case.js';
import { confirmationFlags } from './signoff-confirmation.js';
import { missingFlags } from './signoff-missing.js';
import { sequenceFlags } from './signoff-sequence.js';
import { suspiciousFlags } from './signoff-suspicious.js';
import { thresholdFlags } from './signoff-threshold.js';
import {
  SIGNOFF_CATEGORIES,
  SIGNOFF_CATEGORY_LABELS,
  type SignoffCategory,
  type SignoffContext,
  type SignoffFlag,
  type SignoffInput,
} from './signoff-rules.js';

export * from './signoff-rules.js';

/**
 * Sign-off flags (issue 29; spec 001 §5–§7): deterministic rules over a case that say what a
 * provider should fix, confirm or explain before signing. Each flag names its rule (SO1…, what an
 * organisation's policy names), a key stable for this occurrence (what an override names), its
 * category, the case-data fields it points at (the case screen jumps to their section) and a
 * sentence a clinician understands. The same function runs in the browser (the flags list) and
 * on the server (the finalize gate); whether a flag blocks or warns is the policies' business
 * (policies.ts), not these rules'.
 */

/**
 * Every open sign-off flag of a case, in category order (SIGNOFF_CATEGORIES), then rule order.
 * Never throws: data of another build or of the wrong shape reads as not recorded.
 */
export function signoffFlags(ctx: SignoffContext): SignoffFlag[] {
  const input: SignoffInput = { ctx, kase: readSignoffCase(ctx.caseData), timeZone: ctx.timeZone ?? 'UTC' };
  return [
    ...missingFlags(input),
    ...sequenceFlags(input),
    ...thresholdFlags(input),
    ...suspiciousFlags(input),
    ...confirmationFlags(input),
  ];
}

/** The flags grouped by category, in the screen's order; empty categories left out. */
export function groupSignoffFlags(
  flags: readonly SignoffFlag[],
): { category: SignoffCategory; label: string; flags: SignoffFlag[] }[] {
  return SIGNOFF_CATEGORIES.map((category) => ({
    category,
    label: SIGNOFF_CATEGORY_LABELS[category],
    flags: flags.filter((f) => f.category === category),
  })).filter((g) => g.flags.length > 0);
}
