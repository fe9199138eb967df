import { readReferral, referralDraft, type Referral, type ReferralDraft } from '@vigil/shared';
import { Group } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { CaseDoc } from '../../../case/index.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';
import { LightText } from '../../../ui/LightLayout.js';
import { useCaseValue } from '../../../case/index.js';

/**
 * The referral (spec 001 §3 rfr: name, member id, time): kept on the case only when all three are
 * filled (CF2, spec 001 §5); while one is missing the form says so and the case keeps what it had.
 * Clearing all three removes the referral.
 */
export function ReferralFields({ doc, disabled }: { doc: CaseDoc | undefined; disabled: boolean }): ReactNode {
  const [stored, setStored] = useCaseValue<Referral>(doc, 'rfr');
  const storedKey = JSON.stringify(stored ?? null);
  const [draft, setDraft] = useState<ReferralDraft>(() => referralDraft(stored));
  useEffect(() => {
    // A referral saved elsewhere (another tablet) replaces a draft that is complete or empty.
    setDraft((d) => (readReferral(d).error === null ? referralDraft(JSON.parse(storedKey)) : d));
  }, [storedKey]);
  const read = readReferral(draft);
  const change = (patch: Partial<ReferralDraft>): void => {
    const next = { ...draft, ...patch };
    setDraft(next);
    const r = readReferral(next);
    if (r.error === null && JSON.stringify(r.value) !== storedKey) setStored(r.value);
  };
  return (
    <div role="group" aria-label="Referral">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <LightTextInput
          label="Referred by"
          value={draft.name}
          disabled={disabled}
          onChange={(e) => change({ name: e.currentTarget.value })}
        />
        <LightTextInput
          label="Member id"
          value={draft.memId}
          disabled={disabled}
          onChange={(e) => change({ memId: e.currentTarget.value })}
        />
        <LightTextInput
          label="Referral date"
          type="date"
          value={draft.date}
          disabled={disabled}
          onChange={(e) => change({ date: e.currentTarget.value })}
        />
      </Group>
      {read.error && (
        <LightText size="sm" c="red.8" role="alert" data-testid="referral-error">
          {read.error}
        </LightText>
      )}
    </div>
  );
}
