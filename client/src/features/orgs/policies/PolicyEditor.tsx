import { Alert, Badge, Card, Checkbox, Group, Loader, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import {
  SEDATION_LEVELS,
  SEDATION_LEVEL_LABELS,
  SIGNOFF_RULES,
  defaultPolicyAction,
  type PolicyRuleValue,
  type SedationLevel,
  type SignoffCategory,
} from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { errorCode } from '../../../session/errors.js';
import { deletePolicy, savePolicy, type PolicyView } from './api.js';
import { usePolicies } from './usePolicies.js';

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

interface RuleRowProps {
  ruleId: string;
  title: string;
  category: SignoffCategory;
  own: PolicyView | undefined;
  inherited: PolicyView[];
  busy: boolean;
  onSave: (value: PolicyRuleValue | 'default', levels: SedationLevel[]) => void;
}

function RuleRow({ ruleId, title, category, own, inherited, busy, onSave }: RuleRowProps): ReactNode {
  const levels = own?.relevantSedationLevels ?? [];
  const value = own?.ruleValue ?? 'default';
  return (
    <Table.Tr data-rule={ruleId}>
      <Table.Td>
        <Text fw={600} size="sm">
          {ruleId}
        </Text>
        <Text size="sm">{title}</Text>
        {inherited.map((p) => (
          <Text key={p.id} size="xs" c="dimmed" data-inherited={p.ownerId}>
            Set by {p.ownerId}: {policyText(p)}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={`${ruleId} ${title}: action`}
          disabled={busy}
          value={value}
          data={[
            { value: 'default', label: defaultText(ruleId, category) },
            { value: 'block', label: 'Block signing' },
            { value: 'warn', label: 'Warn only' },
            { value: 'off', label: 'Off' },
          ]}
          onChange={(e) => onSave(e.currentTarget.value as PolicyRuleValue | 'default', levels)}
        />
      </Table.Td>
      <Table.Td>
        <Checkbox.Group
          aria-label={`${ruleId} sedation levels`}
          value={levels}
          onChange={(next) => onSave(own?.ruleValue ?? 'block', next)}
        >
          <Group gap="xs">
            {SEDATION_LEVELS.map((l) => (
              <Checkbox
                key={l}
                value={l}
                label={SEDATION_LEVEL_LABELS[l]}
                disabled={busy || !own}
                aria-label={`${ruleId} at ${SEDATION_LEVEL_LABELS[l]}`}
              />
            ))}
          </Group>
        </Checkbox.Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The sign-off policy editor (issue 29; spec 001 §6, §7), on the organisation's settings while
 * its `policies` flag is on: one row per sign-off rule with block / warn / off and the sedation
 * levels it applies at (none ticked = every level); a parent organisation's policies are shown
 * read-only under the rule (the office's own policy wins over them).
 */
export function PolicyEditor({ orgId }: { orgId: string }): ReactNode {
  const state = usePolicies(orgId);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (state.loading && !state.policies) return <Loader aria-label="Loading policies" />;
  if (!state.policies) return <Alert color="red">Could not load the policies ({state.error ?? 'UNKNOWN'}).</Alert>;
  const policies = state.policies;
  const save = async (ruleId: string, value: PolicyRuleValue | 'default', levels: SedationLevel[]): Promise<void> => {
    setBusy(ruleId);
    setError(null);
    try {
      const own = policies.find((p) => p.editable && p.ruleType === ruleId);
      if (value === 'default') {
        if (own) state.set(await deletePolicy(orgId, own.id));
      } else {
        state.set(await savePolicy(orgId, ruleId, value, levels));
      }
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="signoff-policies">
      <Stack gap="xs">
        <Title order={2} size="h4" id="signoff-policies">
          Sign-off policies
        </Title>
        <Text size="sm">
          Which sign-off flags block finalizing a case, which only warn, and at which sedation levels (none ticked:
          every level). A blocking flag can still be overridden with a reason, which is printed in the report.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            The policy was not saved ({error}).
          </Alert>
        )}
        <Table.ScrollContainer minWidth={720}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Rule</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Sedation levels</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Object.entries(SIGNOFF_RULES).map(([ruleId, rule]) => (
                <RuleRow
                  key={ruleId}
                  ruleId={ruleId}
                  title={rule.title}
                  category={rule.category}
                  own={policies.find((p) => p.editable && p.ruleType === ruleId)}
                  inherited={policies.filter((p) => !p.editable && p.ruleType === ruleId)}
                  busy={busy !== null}
                  onSave={(value, levels) => void save(ruleId, value, levels)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {busy && (
          <Group gap="xs">
            <Loader size="xs" />
            <Badge variant="light">Saving {busy}…</Badge>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
