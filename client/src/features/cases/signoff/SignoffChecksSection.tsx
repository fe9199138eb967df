import { Badge, Text, Title, UnstyledButton } from '@mantine/core';
import {
  applyPolicies,
  groupSignoffFlags,
  type PatientConsent,
  type PatientSex,
  type Policy,
  type PolicyAction,
  type SignoffFlag,
} from '@vigil/shared';
import { useMemo, type ReactNode } from 'react';
import { LightStack, LightText } from '../../../ui/LightLayout.js';
import classes from './SignoffChecksSection.module.css';
import type { CaseSectionProps } from '../caseSection.js';
import { SectionFrame } from '../../../ui/SectionFrame.js';
import { flagSection, jumpToSection } from './signoffTargets.js';
import { useSignoffFlags, type CaseOverride } from './useSignoffFlags.js';

/** The empty state (docs/decisions.md). */
export const NO_OPEN_CHECKS = 'No open sign-off checks.';

/** The organisation's policies and whether the policies flag is on; null while unknown. */
export interface SignoffPolicies {
  policies: readonly Policy[];
  enabled: boolean;
}

export interface SignoffChecksSectionProps extends CaseSectionProps {
  /** The level booked on the Appointment, for "deeper than planned" (SO20). */
  plannedSedationLevel: string | null;
  /** The patient record's gender, for an adult's ideal body weight (IBW2). */
  sex?: PatientSex | null;
  /** When known, each flag shows whether it blocks signing or only warns (policies.ts applyPolicies). */
  policies?: SignoffPolicies | null;
  /** Times in the messages; the device's zone by default. */
  timeZone?: string;
  /** How often the case is read again while it changes (tests shorten it). */
  readEveryMs?: number;
  /** The consent the patient signed for the case on the patient link (usePatientConsent): no SO3 then. */
  patientConsent?: PatientConsent | null;
}

const ACTION_BADGE: Readonly<Record<PolicyAction, { label: string; color: string }>> = {
  block: { label: 'Blocks signing', color: 'red' },
  warn: { label: 'Warning', color: 'orange' },
};

function FlagRow({
  flag,
  action,
  override,
}: {
  flag: SignoffFlag;
  action: PolicyAction | null;
  override: CaseOverride | undefined;
}): ReactNode {
  const section = flagSection(flag);
  const badge = action == null ? null : ACTION_BADGE[action];
  return (
    <li data-flag-key={flag.key}>
      <UnstyledButton
        className={classes.row}
        disabled={section == null}
        onClick={() => section && jumpToSection(section.id)}
      >
        <Text component="span" size="sm" className={classes.message}>
          {flag.message}
        </Text>
        <span className={classes.aside}>
          {badge && (
            <Badge color={badge.color} variant="light" size="sm">
              {badge.label}
            </Badge>
          )}
          {section && <span> Go to {section.label}</span>}
        </span>
      </UnstyledButton>
      {override && (
        <LightText size="sm" c="dimmed" className={classes.override}>
          {`Overridden${override.name ? ` by ${override.name}` : ''}: ${override.reason}`}
        </LightText>
      )}
    </li>
  );
}

/**
 * Sign-off checks (issue 29): the case's open sign-off flags, computed live in the browser with
 * the rules the server's finalize gate runs, grouped by category (missing, out of order, past a
 * limit, worth a second look, to confirm). Each row is a button that brings the section holding
 * the field to the top and focuses it. With the organisation's policies known, each row says
 * whether it blocks signing or only warns, and flags a policy turns off are left out.
 */
export function SignoffChecksSection({
  doc,
  context,
  plannedSedationLevel,
  sex = null,
  policies = null,
  timeZone,
  readEveryMs,
  patientConsent = null,
}: SignoffChecksSectionProps): ReactNode {
  const state = useSignoffFlags(
    doc,
    { ageYears: context.ageYears, sex, plannedSedationLevel, timeZone, patientConsent },
    readEveryMs,
  );
  const shown = useMemo(() => {
    if (!state) return null;
    if (!policies) return { flags: state.flags, actions: null };
    const applied = applyPolicies(state.flags, policies.policies, state.sedationLevel, policies.enabled);
    return { flags: applied.map((a) => a.flag), actions: new Map(applied.map((a) => [a.flag.key, a.action])) };
  }, [state, policies]);
  const groups = shown ? groupSignoffFlags(shown.flags) : [];
  const count = shown?.flags.length ?? 0;
  const blocking = shown?.actions ? [...shown.actions.values()].filter((a) => a === 'block').length : 0;

  const summary = shown && (
    <Badge color={count === 0 ? 'green' : blocking > 0 ? 'red' : 'orange'} variant="light" data-testid="signoff-count">
      {count === 0 ? 'All clear' : `${count} open${blocking > 0 ? `, ${blocking} blocking` : ''}`}
    </Badge>
  );

  return (
    <SectionFrame id="case-signoff" title="Sign-off checks" aside={summary}>
      {shown == null ? (
        <LightText size="sm" c="dimmed">
          Reading the case…
        </LightText>
      ) : count === 0 ? (
        <LightText size="sm" data-testid="signoff-empty">
          {NO_OPEN_CHECKS}
        </LightText>
      ) : (
        <LightStack gap="sm">
          {groups.map((g) => (
            <section key={g.category} aria-labelledby={`signoff-${g.category}`}>
              <Title order={3} size="h6" id={`signoff-${g.category}`}>
                {g.label} ({g.flags.length})
              </Title>
              <ul className={classes.list} aria-labelledby={`signoff-${g.category}`}>
                {g.flags.map((f) => (
                  <FlagRow
                    key={f.key}
                    flag={f}
                    action={shown.actions?.get(f.key) ?? null}
                    override={state?.overrides.get(f.key)}
                  />
                ))}
              </ul>
            </section>
          ))}
        </LightStack>
      )}
    </SectionFrame>
  );
}
