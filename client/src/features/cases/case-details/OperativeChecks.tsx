import { Group, Stack } from '@mantine/core';
import { STANDARD_OPERATIVE_CHECKS, newId, nextOperativeCheck, sortedChecks } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import type { CaseDoc } from '../../../case/index.js';
import { LightButton } from '../../../ui/kit/LightButton.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';
import { LightText } from '../../../ui/LightLayout.js';
import { useCaseList } from '../../../case/index.js';
import classes from './OperativeChecks.module.css';
import { useTickShownAtOnce } from '../tickShownAtOnce.js';

/** One check's tick, shown at once when tapped (useTickShownAtOnce). */
function CheckTick(props: {
  label: string;
  complete: boolean;
  disabled: boolean;
  onChange: (complete: boolean) => void;
}): ReactNode {
  const [shown, tap] = useTickShownAtOnce(props.complete);
  return (
    <label className={classes.check}>
      <input
        type="checkbox"
        className={classes.box}
        checked={shown}
        disabled={props.disabled}
        onChange={(e) => {
          tap(e.currentTarget.checked);
          props.onChange(e.currentTarget.checked);
        }}
      />
      {props.label}
    </label>
  );
}

/**
 * The operative checks (spec 001 §3 optChecks: label, order, complete): tick, add, remove, or
 * start from the standard checks (CF4).
 */
export function OperativeChecks({ doc, disabled }: { doc: CaseDoc | undefined; disabled: boolean }): ReactNode {
  const checks = useCaseList(doc, 'optChecks');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const items = sortedChecks(checks.items);
  const add = (text: string, list = items): typeof list => {
    const next = nextOperativeCheck(list, text);
    if (!next.check) {
      setError(next.error);
      return list;
    }
    const entry = { id: newId('chk'), ...next.check };
    checks.add(entry);
    return [...list, entry];
  };
  const submit = (): void => {
    if (add(label).length > items.length) {
      setLabel('');
      setError(null);
    }
  };
  return (
    <Stack gap={4} role="group" aria-label="Operative checks">
      {items.length === 0 ? (
        <Group gap="sm">
          <LightText size="sm" c="dimmed">
            No operative checks yet.
          </LightText>
          <LightButton
            variant="light"
            size="sm"
            disabled={disabled}
            onClick={() => {
              STANDARD_OPERATIVE_CHECKS.reduce((list, l) => add(l, list), items);
            }}
          >
            Use standard operative checks
          </LightButton>
        </Group>
      ) : (
        items.map((item) => (
          <Group key={item.id} justify="space-between" wrap="nowrap" mih={44}>
            <CheckTick
              label={item.label}
              complete={item.complete}
              disabled={disabled}
              onChange={(complete) => checks.replaceWhere((x) => x.id === item.id, { ...item, complete })}
            />
            <LightButton
              variant="subtle"
              color="red"
              size="sm"
              disabled={disabled}
              aria-label={`Remove operative check ${item.label}`}
              onClick={() => checks.removeWhere((x) => x.id === item.id)}
            >
              Remove
            </LightButton>
          </Group>
        ))
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Group align="flex-end" gap="sm">
          <LightTextInput
            label="New operative check"
            value={label}
            disabled={disabled}
            error={error ?? undefined}
            onChange={(e) => {
              setLabel(e.currentTarget.value);
              setError(null);
            }}
          />
          <LightButton variant="light" disabled={disabled || label.trim() === ''} onClick={submit}>
            Add check
          </LightButton>
        </Group>
      </form>
    </Stack>
  );
}
