import { z } from 'zod';
import { SEDATION_LEVELS, SEDATION_LEVEL_LABELS, type SedationLevel } from '../enums.js';

/**
 * Sign-off policies (issue 29; spec 001 §6 "Policies per organization and rule subject are
 * fetched for anesthesia records", §7 GraphQL `policies(orgId, ruleSubject: anesthesiaRecord)`).
 * An organisation (or its parent) chooses, per sign-off flag rule, whether an open flag blocks
 * finalize, only warns, or is not shown, and for which sedation levels. The rules that raise the
 * flags live in signoff.ts; this file only decides what each open flag does.
 */

/** The one rule subject the spec names. */
export const POLICY_RULE_SUBJECTS = ['anesthesiaRecord'] as const;
export type PolicyRuleSubject = (typeof POLICY_RULE_SUBJECTS)[number];

/** [PO1] What a policy does with its flag: block finalize, warn only, or hide the flag. */
export const POLICY_RULE_VALUES = ['block', 'warn', 'off'] as const;
export type PolicyRuleValue = (typeof POLICY_RULE_VALUES)[number];

export const POLICY_OWNER_TYPES = ['org', 'parent'] as const;
export type PolicyOwnerType = (typeof POLICY_OWNER_TYPES)[number];

/** A policy as stored and as GraphQL answers it (spec 001 §7). */
export interface Policy {
  id: string;
  /** 'org' when the organisation wrote it, 'parent' when one of its parent organisations did. */
  ownerType: PolicyOwnerType;
  /** The organisation that wrote it. */
  ownerId: string;
  ruleSubject: PolicyRuleSubject;
  /** The sign-off flag rule id (SO…) it governs. */
  ruleType: string;
  ruleValue: PolicyRuleValue;
  /** The sedation levels it applies to; empty = every level. */
  relevantSedationLevels: SedationLevel[];
}

/** What an open flag does once policies are applied. */
export type PolicyAction = 'block' | 'warn';

/** The part of a sign-off flag the policies read (signoff.ts `SignoffFlag` has it). */
export interface PolicyFlag {
  id: string;
  category: string;
}

/** Longest accepted rule id (a sign-off rule id is short, 'SO12'). */
const MAX_RULE_ID = 16;

/**
 * [PO2] A policy as an administrator writes it, checked at the edge: the rule subject is
 * anesthesiaRecord, the rule type one of the known sign-off flag ids, the value block | warn |
 * off, and the levels known sedation levels (no repeats; empty = every level).
 */
export function policyInputSchema(knownRuleTypes: readonly string[]): ReturnType<typeof buildPolicyInputSchema> {
  return buildPolicyInputSchema(knownRuleTypes);
}

function buildPolicyInputSchema(knownRuleTypes: readonly string[]) {
  return z.strictObject({
    ruleSubject: z.enum(POLICY_RULE_SUBJECTS, { error: 'Unknown rule subject' }),
    ruleType: z
      .string()
      .trim()
      .max(MAX_RULE_ID)
      .refine((t) => knownRuleTypes.includes(t), { error: 'Unknown sign-off rule' }),
    ruleValue: z.enum(POLICY_RULE_VALUES, { error: 'Rule value must be block, warn or off' }),
    relevantSedationLevels: z
      .array(z.enum(SEDATION_LEVELS, { error: 'Unknown sedation level' }))
      .max(SEDATION_LEVELS.length)
      .refine((levels) => new Set(levels).size === levels.length, { error: 'A sedation level is repeated' })
      .default([]),
  });
}
export type PolicyInput = z.infer<ReturnType<typeof policyInputSchema>>;

/**
 * [PO3] The default when the policies flag is on and no policy names a flag's rule (decision,
 * issue 29): record-completeness flags (category 'missing': ASA, NPO, consent, baseline vitals,
 * a missed checkpoint, the discharge score, the final room-air SpO2, signatures) block, and so
 * do the rules named in `DEFAULT_BLOCKING_RULE_IDS` (a dose past its maximum, an unreconciled
 * controlled-drug ledger); every other flag warns.
 */
export const DEFAULT_BLOCKING_CATEGORIES: readonly string[] = ['missing'];

/**
 * Rule ids that block by default beyond the 'missing' category (signoff-rules.ts SIGNOFF_RULES):
 * SO13 a dose past its maximum, SO15 an unreconciled controlled-drug ledger.
 */
export const DEFAULT_BLOCKING_RULE_IDS: readonly string[] = ['SO13', 'SO15'];

/** [PO3] What a flag no policy names does while the policies flag is on. */
export function defaultPolicyAction(
  flag: PolicyFlag,
  blockingRuleIds: readonly string[] = DEFAULT_BLOCKING_RULE_IDS,
): PolicyAction {
  return DEFAULT_BLOCKING_CATEGORIES.includes(flag.category) || blockingRuleIds.includes(flag.id) ? 'block' : 'warn';
}

/** The case's sedation level as a key: 'Moderate' and 'moderate' are the same; anything else is null. */
export function sedationLevelKey(level: unknown): SedationLevel | null {
  if (typeof level !== 'string') return null;
  const t = level.trim().toLowerCase();
  for (const key of SEDATION_LEVELS) {
    if (key === t || SEDATION_LEVEL_LABELS[key].toLowerCase() === t) return key;
  }
  return null;
}

/**
 * [PO4] Whether a policy applies at a case's sedation level: an empty list applies at every
 * level; a case with no (or an unknown) level is governed by every policy, so a case cannot
 * escape the gate by leaving its level blank (decision).
 */
export function policyAppliesAt(policy: Pick<Policy, 'relevantSedationLevels'>, level: SedationLevel | null): boolean {
  if (policy.relevantSedationLevels.length === 0 || level === null) return true;
  return policy.relevantSedationLevels.includes(level);
}

export interface AppliedFlag<F extends PolicyFlag> {
  flag: F;
  action: PolicyAction;
  /** The policy that decided it, or null for the default (or with the policies flag off). */
  policyId: string | null;
}

/**
 * [PO5] Applies an organisation's policies to the open sign-off flags (issue 29):
 * - with the `policies` feature flag off, every flag is shown as a warning and nothing blocks;
 * - else, for each flag, the policies naming its rule id that apply at the case's sedation level
 *   decide; the organisation's own policy wins over a parent's (`ownerType` 'org' before
 *   'parent'; among parents, the order given: nearest first);
 * - 'off' drops the flag; a flag no policy names takes the default (PO3).
 * The order of the flags is kept.
 */
export function applyPolicies<F extends PolicyFlag>(
  flags: readonly F[],
  policies: readonly Policy[],
  sedationLevel: unknown,
  policiesEnabled: boolean,
  defaultBlockingRuleIds: readonly string[] = DEFAULT_BLOCKING_RULE_IDS,
): AppliedFlag<F>[] {
  if (!policiesEnabled) return flags.map((flag) => ({ flag, action: 'warn', policyId: null }));
  const level = sedationLevelKey(sedationLevel);
  const ranked = policies
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.ruleSubject === 'anesthesiaRecord' && policyAppliesAt(p, level))
    .sort((a, b) => (a.p.ownerType === b.p.ownerType ? a.i - b.i : a.p.ownerType === 'org' ? -1 : 1))
    .map(({ p }) => p);
  const out: AppliedFlag<F>[] = [];
  for (const flag of flags) {
    const policy = ranked.find((p) => p.ruleType === flag.id);
    if (!policy) {
      out.push({ flag, action: defaultPolicyAction(flag, defaultBlockingRuleIds), policyId: null });
    } else if (policy.ruleValue !== 'off') {
      out.push({ flag, action: policy.ruleValue, policyId: policy.id });
    }
  }
  return out;
}

/** The most an override's reason may hold (issue 29; decision). */
export const MAX_OVERRIDE_REASON = 500;

/** [PO6] An override the signer sends with finalize: the flag's key and a reason, trimmed, 1–500 characters. */
export const signoffOverrideRequestSchema = z.strictObject({
  flagKey: z.string().trim().min(1).max(200),
  reason: z
    .string()
    .trim()
    .min(1, { error: 'Give a reason for the override' })
    .max(MAX_OVERRIDE_REASON, { error: `A reason is at most ${MAX_OVERRIDE_REASON} characters` }),
});
export type SignoffOverrideRequest = z.infer<typeof signoffOverrideRequestSchema>;

/** A stored override (case data `signoffOverrides`, CD16): the server stamps the user, their name and the time. */
export interface SignoffOverride {
  flagKey: string;
  flagId: string;
  /** The flag's text when it was overridden, so the report reads without re-running the rules. */
  message: string;
  reason: string;
  userId: string;
  name: string;
  /** Epoch milliseconds. */
  time: number;
}

/**
 * [PO7] The flags that still refuse finalize: blocking ones whose key no override names
 * (an override of a warning or of a flag no longer open changes nothing).
 */
export function openBlockingFlags<F extends PolicyFlag & { key: string }>(
  applied: readonly AppliedFlag<F>[],
  overriddenKeys: ReadonlySet<string> | readonly string[],
): F[] {
  const keys = overriddenKeys instanceof Set ? overriddenKeys : new Set(overriddenKeys as readonly string[]);
  return applied.filter((a) => a.action === 'block' && !keys.has(a.flag.key)).map((a) => a.flag);
}

/** The error code finalize answers while a blocking flag is open (409). */
export const SIGNOFF_BLOCKED = 'SIGNOFF_BLOCKED';
