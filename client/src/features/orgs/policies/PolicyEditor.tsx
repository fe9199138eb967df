import { Alert, Button, Card, Checkbox, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import {
  SEDATION_LEVELS,
  SEDATION_LEVEL_LABELS,
  SIGNOFF_CATEGORIES,
  SIGNOFF_CATEGORY_LABELS,
  SIGNOFF_RULES,
  defaultPolicyAction,
  type PolicyRuleValue,
  type SedationLevel,
  type SignoffCategory,
  refusalText,
} from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { errorCode } from '../../../session/errors.js';
import { deletePolicy, savePolicy, type PolicyView } from './api.js';
import classes from './PolicyEditor.module.css';
import { usePolicies } from '../../../data/policies.js';

const VALUE_LABELS: Readonly<Record<PolicyRuleValue, string>> = { block: 'Block', warn: 'Warn', off: 'Off' };

/** "Block (Moderate, Deep)" or "Warn (all levels)": what a policy says, for the read-only rows. */
export function policyText(p: Pick<PolicyView, 'ruleValue' | 'relevantSedationLevels'>): string {
  const levels =
    p.relevantSedationLevels.length === 0
      ? 'all levels'
      : p.relevantSedationLevels.map((l) => SEDATION_LEVEL_LABELS[l]).join(', ');
  return `${VALUE_LABELS[p.ruleValue]} (${levels})`;
}

/** The default of a rule nobody set (PO3), as the select's first option says it. */
export function defaultText(ruleId: string, category: SignoffCategory): string {
  return `Default (${defaultPolicyAction({ id: ruleId, category }) === 'block' ? 'block' : 'warn'})`;
}

/**
 * A parent organisation's policy as the office reads it: who set it and what it says, and, when
 * it covers only some levels, that the default holds at the others (applyPolicies, PO5).
 */
export function inheritedText(
  p: Pick<PolicyView, 'ownerId' | 'ruleValue' | 'relevantSedationLevels'>,
  ruleId: string,
  category: SignoffCategory,
): string {
  const others =
    p.relevantSedationLevels.length === 0 ? '' : `; ${defaultText(ruleId, category).toLowerCase()} at other levels`;
  return `Set by the parent organization ${p.ownerId}: ${policyText(p)}${others}. Read-only here.`;
}

/** A refused save or removal in words an administrator acts on (the server's codes, spec 000 §6). */
export function policyErrorText(code: string): string {
  return refusalText(code, {
    NOT_AUTHORIZED: 'Only an admin of this organization can change its sign-off policies.',
    NO_AUTHENTICATION: 'Only an admin of this organization can change its sign-off policies.',
    NOT_FOUND:
      'That policy was already removed (by another admin or on another device). The list now shows what is saved.',
    POLICY_NOT_EDITABLE: 'That policy is set by a parent organization: only its admins can change it.',
    INVALID_INPUT: 'The policy was not accepted: choose block, warn or off, and sedation levels from the list.',
    NETWORK_ERROR: 'The server cannot be reached. Policies are saved on the server: try again when online.',
    default: `The policy was not saved (${code}). Try again.`,
  });
}

/** Why the policies could not be read, and what to do. */
export function policyLoadErrorText(code: string): string {
  return refusalText(code, {
    NETWORK_ERROR: 'The server cannot be reached: try again when online.',
    NOT_AUTHORIZED: 'Only a member of this organization can read its sign-off policies.',
    NO_AUTHENTICATION: 'Only a member of this organization can read its sign-off policies.',
    default: `The server could not read them (${code}). Try again.`,
  });
}

interface RuleRowProps {
  ruleId: string;
  title: string;
  category: SignoffCategory;
  own: PolicyView | undefined;
  inherited: PolicyView[];
  busy: boolean;
  /** What is being saved for this rule, shown at once (the list follows the server's answer; a refusal reverts it). */
  pending: { value: PolicyRuleValue | 'default'; levels: SedationLevel[] } | null;
  onSave: (value: PolicyRuleValue | 'default', levels: SedationLevel[]) => void;
}

function RuleRow({ ruleId, title, category, own, inherited, busy, pending, onSave }: RuleRowProps): ReactNode {
  const levels = pending ? pending.levels : (own?.relevantSedationLevels ?? []);
  const value = pending ? pending.value : (own?.ruleValue ?? 'default');
  return (
    <li data-rule={ruleId} className={classes.row}>
      <div className={classes.rule}>
        <Text fw={600} size="sm">
          {ruleId} · {title}
        </Text>
        {inherited.map((p) => (
          <Text key={p.id} size="xs" c="dimmed" data-inherited={p.ownerId}>
            {inheritedText(p, ruleId, category)}
          </Text>
        ))}
      </div>
      <NativeSelect
        className={classes.action}
        aria-label={`${ruleId} ${title}: action`}
        disabled={busy}
        value={value}
        data={[
          {
            value: 'default',
            label: inherited.length > 0 ? 'Not set here (see above)' : defaultText(ruleId, category),
          },
          { value: 'block', label: 'Block signing' },
          { value: 'warn', label: 'Warn only' },
          { value: 'off', label: 'Off' },
        ]}
        onChange={(e) => onSave(e.currentTarget.value as PolicyRuleValue | 'default', levels)}
      />
      <div className={classes.levels}>
        {value !== 'default' ? (
          <Checkbox.Group
            aria-label={`${ruleId} sedation levels`}
            value={levels}
            onChange={(next) => onSave(value, next)}
          >
            <Group gap="xs">
              {SEDATION_LEVELS.map((l) => (
                <Checkbox
                  key={l}
                  value={l}
                  label={SEDATION_LEVEL_LABELS[l]}
                  disabled={busy}
                  aria-label={`${ruleId} at ${SEDATION_LEVEL_LABELS[l]}`}
                />
              ))}
            </Group>
          </Checkbox.Group>
        ) : (
          <Text size="sm" c="dimmed">
            Every level
          </Text>
        )}
      </div>
    </li>
  );
}

/** What a save did, for the status line read to screen readers. */
function savedText(ruleId: string, value: PolicyRuleValue | 'default', levels: readonly SedationLevel[]): string {
  if (value === 'default') return `${ruleId} is back to its default.`;
  return `Saved: ${ruleId} ${policyText({ ruleValue: value, relevantSedationLevels: [...levels] })}.`;
}

/**
 * The sign-off policy editor (issue 29; spec 001 §6, §7), on the organisation's settings while
 * its `policies` flag is on: the rules grouped by category, each with block / warn / off (or its
 * default) and the sedation levels it applies at (none ticked = every level); a parent
 * organisation's policies are shown read-only under the rule (the office's own policy wins over
 * them where it applies). A refusal says what to do; a removal that finds the policy gone reloads
 * the list.
 */
export function PolicyEditor({ orgId }: { orgId: string }): ReactNode {
  const state = usePolicies(orgId);
  const [pending, setPending] = useState<({ ruleId: string } & NonNullable<RuleRowProps['pending']>) | null>(null);
  const busy = pending?.ruleId ?? null;
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const frame = (body: ReactNode): ReactNode => (
    <Card withBorder padding="md" component="section" aria-labelledby="signoff-policies">
      <Stack gap="sm">
        <Title order={2} size="h4" id="signoff-policies">
          Sign-off policies
        </Title>
        {body}
      </Stack>
    </Card>
  );
  if (state.loading && !state.policies) return frame(<Loader size="sm" aria-label="Loading the sign-off policies" />);
  if (!state.policies) {
    return frame(
      <Alert color="red" title="The sign-off policies could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{policyLoadErrorText(state.error ?? 'UNKNOWN')}</Text>
          <Button mih={44} variant="default" onClick={() => state.reload()}>
            Try again
          </Button>
        </Stack>
      </Alert>,
    );
  }
  const policies = state.policies;
  const save = async (ruleId: string, value: PolicyRuleValue | 'default', levels: SedationLevel[]): Promise<void> => {
    setPending({ ruleId, value, levels });
    setError(null);
    setSaved(null);
    try {
      const own = policies.find((p) => p.editable && p.ruleType === ruleId);
      if (value === 'default') {
        if (own) state.set(await deletePolicy(orgId, own.id));
      } else {
        state.set(await savePolicy(orgId, ruleId, value, levels));
      }
      setSaved(savedText(ruleId, value, levels));
    } catch (err) {
      const code = errorCode(err);
      setError(policyErrorText(code));
      if (code === 'NOT_FOUND' || code === 'POLICY_NOT_EDITABLE') state.reload();
    } finally {
      setPending(null);
    }
  };
  return frame(
    <>
      <Text size="sm">
        Which sign-off flags block finalizing a case, which only warn, and which are off. Once a rule has an action of
        its own, tick the sedation levels it applies at (none ticked: every level). A blocking flag can still be
        overridden with a reason, which is printed in the report. A parent organization&apos;s policies apply too; this
        organization&apos;s own policy wins where it applies.
      </Text>
      {error && (
        <Alert color="red" role="alert" data-testid="policy-error">
          {error}
        </Alert>
      )}
      <Text size="sm" role="status" aria-live="polite" data-testid="policy-status" className={classes.status}>
        {busy ? `Saving ${busy}…` : (saved ?? '')}
      </Text>
      {SIGNOFF_CATEGORIES.map((category) => {
        const rules = Object.entries(SIGNOFF_RULES).filter(([, rule]) => rule.category === category);
        if (rules.length === 0) return null;
        return (
          <section key={category} aria-labelledby={`policies-${category}`}>
            <Title order={3} size="h6" id={`policies-${category}`} className={classes.category}>
              {SIGNOFF_CATEGORY_LABELS[category]}
            </Title>
            <ul className={classes.list}>
              {rules.map(([ruleId, rule]) => (
                <RuleRow
                  key={ruleId}
                  ruleId={ruleId}
                  title={rule.title}
                  category={rule.category}
                  own={policies.find((p) => p.editable && p.ruleType === ruleId)}
                  inherited={policies.filter((p) => !p.editable && p.ruleType === ruleId)}
                  busy={busy !== null}
                  pending={pending?.ruleId === ruleId ? pending : null}
                  onSave={(value, levels) => void save(ruleId, value, levels)}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </>,
  );
}
