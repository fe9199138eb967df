import { Alert, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import * as Y from 'yjs';
import { CASE_ROOT, ageInYears } from '@vigil/shared';
import { NumberField } from '../../app/NumberField.js';
import { SyncIndicator } from '../../sync/SyncIndicator.js';
import { useSession } from '../../app/session/SessionProvider.js';
import { ensureCaseStructure } from '../../sync/caseStructure.js';
import { useCaseDocument } from '../../sync/useCaseDocument.js';
import { LocalAnestheticTracker } from './LocalAnestheticTracker.js';
import { useCaseValue } from './useCaseData.js';
import { AirwaysSection } from './sections/AirwaysSection.js';
import { DrugsSection } from './sections/DrugsSection.js';
import { IvSitesSection } from './sections/IvSitesSection.js';
import { PositionsSection } from './sections/PositionsSection.js';
import type { CaseSectionProps } from './sections/types.js';
import { VitalsSection } from './sections/VitalsSection.js';
import { WavesSection } from './sections/WavesSection.js';
import { FinalizeSection } from '../report/FinalizeSection.js';

/** Replaces a Y.Text's content by the smallest edit that turns it into `next`. */
export function applyTextEdit(text: Y.Text, next: string): void {
  const prev = text.toJSON();
  if (prev === next) return;
  let start = 0;
  while (start < prev.length && start < next.length && prev[start] === next[start]) start++;
  let end = 0;
  while (
    end < prev.length - start &&
    end < next.length - start &&
    prev[prev.length - 1 - end] === next[next.length - 1 - end]
  ) {
    end++;
  }
  text.doc?.transact(() => {
    text.delete(start, prev.length - start - end);
    text.insert(start, next.slice(start, next.length - end));
  });
}

function useNotes(doc: Y.Doc | undefined, key: string): [string, (v: string) => void] {
  const [value, setValue] = useState('');
  useEffect(() => {
    if (!doc) return;
    const root = doc.getMap(CASE_ROOT);
    const read = (): void => {
      const t = root.get(key);
      setValue(t instanceof Y.Text ? t.toJSON() : typeof t === 'string' ? t : '');
    };
    read();
    root.observeDeep(read);
    return () => root.unobserveDeep(read);
  }, [doc, key]);
  const write = (next: string): void => {
    if (!doc) return;
    const root = doc.getMap(CASE_ROOT);
    if (!(root.get(key) instanceof Y.Text)) ensureCaseStructure(doc);
    const text = root.get(key);
    if (text instanceof Y.Text) applyTextEdit(text, next);
  };
  return [value, write];
}

/**
 * The case screen's first slice (`/org/{orgId}/cases/{appointmentId}`): the case document
 * opened from this device and synced, its save status, who else has it open, and the
 * procedure notes. The rest of the charting screen comes with the case screen issue.
 */
export function CasePage(): ReactNode {
  const { orgId = '', appointmentId = '' } = useParams();
  const { user, session } = useSession();
  const membership = session
    ? [...session.orgs.regular, ...session.orgs.parent, ...session.orgs.vigil, ...session.orgs.reseller].find(
        (o) => o.id === orgId,
      )
    : undefined;
  const { kase, state } = useCaseDocument({
    orgId,
    docId: appointmentId,
    user: {
      name: user?.name ?? 'Guest',
      role: membership?.roles.join(', ') || 'guest',
      device: /Mobi|Tablet|iPad|Android/.test(navigator.userAgent) ? 'tablet' : 'desktop',
    },
  });
  const doc = state.device === 'loading' ? undefined : kase?.doc;
  const [notes, setNotes] = useNotes(doc, 'procedureNotes');
  const [weight, setWeight] = useCaseValue<{ value: number; raw?: string }>(doc, 'weight');
  const [birthDate, setBirthDate] = useCaseValue<string>(doc, 'patientBirthDate');
  const readOnly = state.device === 'loading' || state.schema === 'tooNew' || state.sync.refused !== null;
  const weightKg = typeof weight?.value === 'number' && weight.value > 0 ? weight.value : null;
  const validBirthDate = typeof birthDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(birthDate) ? birthDate : null;
  const ageYears = validBirthDate ? ageInYears(validBirthDate, Date.now()) : null;
  const section: CaseSectionProps = {
    doc,
    readOnly,
    context: { orgId, caseId: appointmentId, weightKg, ageYears, tempsInCelsius: false },
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Case
        </Title>
        <SyncIndicator state={state} />
      </Group>
      {state.peers.length > 0 && (
        <Text size="sm" data-testid="peers">
          Also charting: {state.peers.map((p) => `${p.name} (${p.role}, ${p.device})`).join(', ')}
        </Text>
      )}
      {state.schema === 'tooNew' && (
        <Alert color="orange" title="Update Vigil to edit this case" role="alert">
          This case was charted with a newer version of Vigil. Reload the app to update it; until then the case is
          read-only here.
        </Alert>
      )}
      <Group align="flex-end" wrap="wrap">
        <NumberField
          label="Weight (kg)"
          value={weightKg}
          min={0}
          max={650}
          decimalScale={1}
          w={140}
          disabled={readOnly}
          onChange={(kg) => setWeight(kg == null ? null : { value: kg, raw: `${kg} kg` })}
        />
        <TextInput
          label="Birth date"
          type="date"
          value={validBirthDate ?? ''}
          disabled={readOnly}
          onChange={(e) => setBirthDate(e.currentTarget.value || null)}
        />
        {ageYears != null && <Text size="sm">Age: {ageYears} years</Text>}
      </Group>
      <VitalsSection {...section} />
      <DrugsSection {...section} />
      <IvSitesSection {...section} />
      <AirwaysSection {...section} />
      <PositionsSection {...section} />
      <WavesSection {...section} />
      <LocalAnestheticTracker doc={doc} weightKg={weightKg} ageYears={ageYears} disabled={readOnly} />
      <Textarea
        label="Procedure notes"
        autosize
        minRows={4}
        value={notes}
        disabled={readOnly}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      <FinalizeSection {...section} />
    </Stack>
  );
}
