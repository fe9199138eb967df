import { Alert, Button, Group, List, Modal, Stack, TextInput } from '@mantine/core';
import { thyromentalDistanceNote, upperLipBiteNote, type AirwayNote } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { TOUCH_INPUT } from '../../../ui/kit/touch.js';
import {
  BrodskyDiagram,
  MallampatiDiagram,
  ThyromentalDiagram,
  ULBT_CLASS_TEXTS,
  UpperLipBiteDiagram,
} from './AirwayDiagrams.js';
import { airwayDistanceText, readAirwayDistance } from './model.js';
import { Choice, SummaryText, TabFrame } from './parts.js';
import classes from './tabs.module.css';
import type { HhxTabProps } from './types.js';

type Data = HhxTabProps['data'];

const MALLAMPATI = ['I', 'II', 'III', 'IV'].map((v) => ({ value: v, label: `Class ${v}` }));
const BRODSKY = ['0', '1+', '2+', '3+', '4+'].map((v) => ({ value: v, label: v }));
const ULBT = ['1', '2', '3'].map((v) => ({ value: v, label: `Class ${v}` }));

/** Stored Mallampati and ULBT values may be 'Class II' / 'Class 3' (older data): the segment's value. */
const bare = (v: string | null | undefined): string => (v ?? '').replace(/^Class\s+/i, '');

type InfoDialog = 'brodsky' | 'mallampati' | 'tmd' | 'ulbt';
const INFO_TITLES: Record<InfoDialog, string> = {
  brodsky: 'Brodsky tonsil grading',
  mallampati: 'Modified Mallampati',
  tmd: 'Thyromental distance',
  ulbt: 'Upper lip bite test',
};

/**
 * Airway Assessment (spec 002 §3, §5): Modified Mallampati, Brodsky, upper lip bite test,
 * thyromental and inter-incisor distances (AW3), lung and heart auscultation with their quick
 * values, the AW1 / AW2 notes with the spec's texts, and the four info dialogs.
 */
export function AirwayTab({ data, set, readOnly }: HhxTabProps): ReactNode {
  const [info, setInfo] = useState<InfoDialog | null>(null);
  const ulbtNote = upperLipBiteNote(data.ulbt);
  const infoButton = (dialog: InfoDialog): ReactNode => (
    <Button
      variant="subtle"
      mih={44}
      px="xs"
      onClick={() => setInfo(dialog)}
      aria-label={`About ${INFO_TITLES[dialog]}`}
    >
      About
    </Button>
  );
  return (
    <TabFrame title="Airway Assessment">
      <Group align="flex-end" gap="xs">
        <Choice
          label="Modified Mallampati"
          value={bare(data.mallampati)}
          options={MALLAMPATI}
          disabled={readOnly}
          onChange={(v) => set({ mallampati: v as Data['mallampati'] })}
        />
        {infoButton('mallampati')}
      </Group>
      <Group align="flex-end" gap="xs">
        <Choice
          label="Brodsky (tonsils)"
          value={data.brodsky ?? ''}
          options={BRODSKY}
          disabled={readOnly}
          onChange={(v) => set({ brodsky: v as Data['brodsky'] })}
        />
        {infoButton('brodsky')}
      </Group>
      <Stack gap={6}>
        <Group align="flex-end" gap="xs">
          <Choice
            label="Upper lip bite test"
            value={bare(data.ulbt)}
            options={ULBT}
            disabled={readOnly}
            onChange={(v) => set({ ulbt: v as Data['ulbt'] })}
          />
          {infoButton('ulbt')}
        </Group>
        <NoteAlert note={ulbtNote} />
      </Stack>
      <div className={classes.grid}>
        <DistanceField
          label="Thyromental distance (cm)"
          value={data.tmd}
          disabled={readOnly}
          onChange={(v) => set({ tmd: v })}
          note={(n) => thyromentalDistanceNote(n)}
          after={infoButton('tmd')}
        />
        <DistanceField
          label="Inter-incisor distance (cm)"
          value={data.iid}
          disabled={readOnly}
          onChange={(v) => set({ iid: v })}
        />
      </div>
      <SummaryText
        label="Lung auscultation"
        field="lungAuscultation"
        value={data.lungAuscultation}
        quick={['CTAB']}
        disabled={readOnly}
        onChange={(v) => set({ lungAuscultation: v })}
      />
      <SummaryText
        label="Heart auscultation"
        field="heartAuscultation"
        value={data.heartAuscultation}
        quick={['RRR w/o murmur']}
        disabled={readOnly}
        onChange={(v) => set({ heartAuscultation: v })}
      />
      <Modal
        opened={info !== null}
        onClose={() => setInfo(null)}
        title={info ? INFO_TITLES[info] : ''}
        size="xl"
        withCloseButton={false}
      >
        <Stack>
          {info === 'brodsky' && (
            <>
              <BrodskyDiagram />
              <List size="sm">
                <List.Item>0: tonsils within the tonsillar fossa (or removed)</List.Item>
                <List.Item>1+: tonsils take up less than 25 % of the oropharyngeal width</List.Item>
                <List.Item>2+: 25 to 50 %</List.Item>
                <List.Item>3+: 50 to 75 %</List.Item>
                <List.Item>4+: more than 75 % (kissing tonsils)</List.Item>
              </List>
            </>
          )}
          {info === 'mallampati' && (
            <>
              <MallampatiDiagram />
              <List size="sm">
                <List.Item>Patient sitting, mouth wide open, tongue out, no phonation.</List.Item>
                <List.Item>Class I: soft palate, fauces, uvula and pillars seen</List.Item>
                <List.Item>Class II: soft palate, fauces and uvula seen</List.Item>
                <List.Item>Class III: soft palate and the base of the uvula seen</List.Item>
                <List.Item>Class IV: only the hard palate seen</List.Item>
              </List>
            </>
          )}
          {info === 'tmd' && <ThyromentalDiagram />}
          {info === 'ulbt' && (
            <>
              <UpperLipBiteDiagram />
              <List size="sm">
                {ULBT_CLASS_TEXTS.map((t) => (
                  <List.Item key={t}>{t}</List.Item>
                ))}
              </List>
            </>
          )}
          <Group justify="flex-end">
            <Button mih={44} onClick={() => setInfo(null)}>
              Close
            </Button>
          </Group>
        </Stack>
      </Modal>
    </TabFrame>
  );
}

/** An airway note (AW1, AW2) in red for an error, orange for a warning. */
function NoteAlert({ note }: { note: AirwayNote | null }): ReactNode {
  if (!note) return null;
  return (
    <Alert color={note.level === 'error' ? 'red' : 'orange'} role={note.level === 'error' ? 'alert' : 'status'} p="xs">
      {note.message}
    </Alert>
  );
}

/** A distance in cm typed as text (AW3); the number is stored while the text is valid. */
function DistanceField({
  label,
  value,
  disabled,
  onChange,
  note,
  after,
}: {
  label: string;
  value: string | number | null | undefined;
  disabled: boolean;
  onChange: (value: number | null) => void;
  note?: (cm: number) => AirwayNote | null;
  after?: ReactNode;
}): ReactNode {
  const stored = airwayDistanceText(value);
  const [text, setText] = useState(stored);
  const [seen, setSeen] = useState(stored);
  // A value changed elsewhere (another tablet) replaces the text shown.
  if (stored !== seen) {
    setSeen(stored);
    if (readAirwayDistance(text).value !== (value == null ? null : Number(value))) setText(stored);
  }
  const read = readAirwayDistance(text);
  const shownNote = read.value != null && note ? note(read.value) : null;
  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          {...TOUCH_INPUT}
          style={{ flex: 1 }}
          label={label}
          inputMode="decimal"
          value={text}
          disabled={disabled}
          error={read.error ?? undefined}
          onChange={(e) => {
            const t = e.currentTarget.value;
            setText(t);
            const r = readAirwayDistance(t);
            if (r.error == null) {
              setSeen(airwayDistanceText(r.value));
              onChange(r.value);
            }
          }}
        />
        {after}
      </Group>
      <NoteAlert note={shownNote} />
    </Stack>
  );
}
