import { Group, Stack } from '@mantine/core';
import { CASE_DATA_MESSAGES, customDilutionIssues, customDilutionRange, findVariant } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { LightButton } from '../../../ui/kit/LightButton.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';
import { LightText } from '../../../ui/LightLayout.js';
import type { CaseList } from '../../../case/index.js';

export interface CustomDilutionProps {
  variantId: string;
  dilutions: CaseList<{ variantId: string; percent: number }>;
  disabled: boolean;
}

/** Reads a typed percent: a number above 0 (CD8 'Custom dilutions need variantId and percent'). */
export function readDilutionPercent(text: string): { value: number | null; error: string | null } {
  const t = text.trim().replace(/%$/, '').trim();
  if (t === '') return { value: null, error: null };
  const n = Number(t);
  return /^(\d+(\.\d*)?|\.\d+)$/.test(t) && n > 0
    ? { value: n, error: null }
    : { value: null, error: CASE_DATA_MESSAGES.dilution };
}

/**
 * The custom dilution of the picked variant (spec 001 §3 / spec 002 §3 customDilutions: variantId,
 * percent): doses charted afterwards use its mg/mL (LA3, LA15); a percent outside a quarter of
 * the stock up to the stock gets LA16's warning, which never blocks. Variants that cannot be
 * diluted (Exparel, OraVerse) offer nothing.
 */
export function CustomDilution({ variantId, dilutions, disabled }: CustomDilutionProps): ReactNode {
  const variant = findVariant(variantId);
  const current = dilutions.items.find((d) => d.variantId === variantId) ?? null;
  const [text, setText] = useState('');
  if (!variant || customDilutionRange(variant) == null) return null;
  const read = readDilutionPercent(text);
  const warnings = current ? customDilutionIssues([current]) : [];
  const set = (): void => {
    if (read.value == null) return;
    const entry = { variantId, percent: read.value };
    if (current) dilutions.replaceWhere((d) => d.variantId === variantId, entry);
    else dilutions.add(entry);
    setText('');
  };
  return (
    <Stack gap={4} role="group" aria-label="Custom dilution">
      {current ? (
        <Group gap="sm">
          <LightText size="sm" fw={600} data-testid="la-dilution">
            Diluted to {current.percent}% (stock {variant.percent}%): doses use {current.percent * 10} mg/mL
          </LightText>
          <LightButton
            variant="subtle"
            color="red"
            size="sm"
            disabled={disabled}
            onClick={() => dilutions.removeWhere((d) => d.variantId === variantId)}
          >
            Remove dilution
          </LightButton>
        </Group>
      ) : null}
      {warnings.map((w) => (
        <LightText key={w.code} size="sm" c="orange.9" role="alert">
          {w.message}
        </LightText>
      ))}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          set();
        }}
      >
        <Group align="flex-end" gap="sm">
          <LightTextInput
            label={current ? 'Change dilution (%)' : 'Custom dilution (%)'}
            inputMode="decimal"
            placeholder={`stock ${variant.percent}`}
            value={text}
            error={read.error ?? undefined}
            disabled={disabled}
            width={170}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <LightButton variant="light" disabled={disabled || read.value == null} onClick={set}>
            Set dilution
          </LightButton>
        </Group>
      </form>
    </Stack>
  );
}
