import { Alert, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { MAX_OVERRIDE_REASON } from '@vigil/shared';
import type { ReactNode } from 'react';
import type { BlockingFlag, SignoffOverrideInput } from './api.js';

export interface SignoffOverrideStepProps {
  flags: readonly BlockingFlag[];
  /** The reasons typed so far, by flag key (kept across refusals: nothing typed is lost). */
  reasons: Readonly<Record<string, string>>;
  onReason: (key: string, reason: string) => void;
  /** Signs again with the drawn signature and the overrides that have a reason. */
  onSign: (overrides: SignoffOverrideInput[]) => void;
  onCancel: () => void;
  running: boolean;
}

/** [PO6] The overrides to send: the flags with a reason, trimmed, 1–500 characters. */
export function overridesToSend(
  flags: readonly BlockingFlag[],
  reasons: Readonly<Record<string, string>>,
): SignoffOverrideInput[] {
  return flags.flatMap((f) => {
    const reason = (reasons[f.key] ?? '').trim();
    return reason === '' || reason.length > MAX_OVERRIDE_REASON ? [] : [{ flagKey: f.key, reason }];
  });
}

/**
 * The finalize step after a 409 SIGNOFF_BLOCKED (issue 29): the blocking flags the server named,
 * each with a reason field. Fix a flag in the case, or give a reason to override it, then "Override
 * and sign" signs again with the signature already drawn; the server checks again and stamps each
 * override with the signer and the time.
 */
export function SignoffOverrideStep({
  flags,
  reasons,
  onReason,
  onSign,
  onCancel,
  running,
}: SignoffOverrideStepProps): ReactNode {
  const overrides = overridesToSend(flags, reasons);
  return (
    <Alert color="orange" title="Finalizing is blocked by sign-off flags" data-testid="signoff-override-step">
      <Stack gap="sm">
        <Text size="sm">
          Fix each flag in the case, or give a reason to override it. The reasons are printed in the report with your
          name and the time.
        </Text>
        <List spacing="sm" size="sm">
          {flags.map((f) => (
            <List.Item key={f.key} data-flag={f.id}>
              <Text size="sm" fw={600}>
                {f.id}: {f.message}
              </Text>
              <Textarea
                label={`Reason to override ${f.id}`}
                autosize
                minRows={1}
                maxLength={MAX_OVERRIDE_REASON}
                value={reasons[f.key] ?? ''}
                onChange={(e) => onReason(f.key, e.currentTarget.value)}
              />
            </List.Item>
          ))}
        </List>
        <Group>
          <Button mih={44} loading={running} disabled={running} onClick={() => onSign(overrides)}>
            Override and sign
          </Button>
          <Button mih={44} variant="subtle" disabled={running} onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
