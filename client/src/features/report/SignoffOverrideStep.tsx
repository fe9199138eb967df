import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { MAX_OVERRIDE_REASON } from '@vigil/shared';
import { useEffect, useRef, type ReactNode } from 'react';
import { flagSection, jumpToSection } from '../cases/index.js';
import type { BlockingFlag, SignoffOverrideInput } from './api.js';
import classes from './SignoffOverrideStep.module.css';

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
 * What the sign button does with the reasons given: override them, or (none given: every flag
 * was fixed in the case) have the server check the case again.
 */
export function signLabel(overrideCount: number): string {
  return overrideCount === 0 ? 'Check again and sign' : 'Override and sign';
}

/** How many flags carry a reason, and what happens to the others (docs/decisions.md, session 19). */
export function reasonsSummary(overrideCount: number, flagCount: number): string {
  if (overrideCount === 0) {
    return 'No reason given yet: signing checks the case again, so every flag must be fixed in the case.';
  }
  if (overrideCount === flagCount) {
    return flagCount === 1 ? 'The flag will be overridden.' : `All ${flagCount} flags will be overridden.`;
  }
  return `${overrideCount} of ${flagCount} flags will be overridden; the others must be fixed in the case.`;
}

/**
 * The finalize step after a 409 SIGNOFF_BLOCKED (issue 29): the blocking flags the server named,
 * each with a way to the section that fixes it and a reason field. Fix a flag in the case, or give
 * a reason to override it, then sign again with the signature already drawn; the server checks
 * again and stamps each override with the signer and the time. The step takes the focus when it
 * opens (and after each refusal) so a keyboard or screen-reader user starts on it.
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'nearest' });
    heading.current?.focus({ preventScroll: true });
  }, [flags]);
  return (
    <Alert
      color="orange"
      role="group"
      aria-labelledby="signoff-override-title"
      data-testid="signoff-override-step"
      classNames={{ message: classes.message }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id="signoff-override-title" ref={heading} tabIndex={-1} className={classes.title}>
          Finalizing is blocked by {flags.length === 1 ? 'a sign-off flag' : `${flags.length} sign-off flags`}
        </Title>
        <Text size="sm">
          Fix each flag in the case, or give a reason to override it. Reasons are printed in the signed report with your
          name and the time.
        </Text>
        <ol className={classes.list}>
          {flags.map((f) => {
            const section = flagSection(f);
            return (
              <li key={f.key} data-flag={f.id} className={classes.item}>
                <Text size="sm" fw={600}>
                  {f.id}: {f.message}
                </Text>
                {section && (
                  <Button
                    variant="default"
                    size="sm"
                    mih={44}
                    className={classes.fix}
                    onClick={() => jumpToSection(section.id)}
                  >
                    Fix it in {section.label}
                  </Button>
                )}
                <Textarea
                  label={`Reason to override ${f.id}`}
                  description={`Leave empty once fixed in the case. At most ${MAX_OVERRIDE_REASON} characters.`}
                  autosize
                  minRows={2}
                  maxLength={MAX_OVERRIDE_REASON}
                  value={reasons[f.key] ?? ''}
                  onChange={(e) => onReason(f.key, e.currentTarget.value)}
                />
              </li>
            );
          })}
        </ol>
        <Text size="sm" data-testid="signoff-override-summary">
          {reasonsSummary(overrides.length, flags.length)}
        </Text>
        <Group>
          <Button mih={44} loading={running} disabled={running} onClick={() => onSign(overrides)}>
            {signLabel(overrides.length)}
          </Button>
          <Button mih={44} variant="subtle" disabled={running} onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
