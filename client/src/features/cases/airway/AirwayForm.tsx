import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { newId, type AirwayType } from '@vigil/shared';
import { readChartTime } from '../drugs/model.js';
import { CheckboxField } from '../../../ui/kit/CheckboxField.js';
import { GrowingTextarea } from '../../../ui/kit/GrowingTextarea.js';
import { TimeField } from '../../../ui/kit/TimeField.js';
import { formatHhMm } from '../iv/time.js';
import { AIRWAY_TYPE_OPTIONS, PEEP_TYPES, readLimited, type AirwayEntry } from './model.js';
import { LightNativeSelect } from '../../../ui/kit/LightNativeSelect.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';

export interface AirwayFormProps {
  initial: AirwayEntry | null;
  onSave: (airway: AirwayEntry) => void;
  onCancel: () => void;
  now?: () => number;
}

const optionalTime = (text: string, now: number): { value: number | null; error: string | null } =>
  text.trim() === '' ? { value: null, error: null } : readChartTime(text, now);

interface AirwayNotesProps {
  placementCompDetail: string;
  setPlacementCompDetail: (text: string) => void;
  /** Removal complications ticked: their details are asked for. */
  removalComp: boolean;
  removalCompDetail: string;
  setRemovalCompDetail: (text: string) => void;
  notes: string;
  setNotes: (text: string) => void;
  removalNotes: string;
  setRemovalNotes: (text: string) => void;
}

/** The airway's free texts: placement complications, removal complication details, notes and removal notes. */
function AirwayNotes(p: AirwayNotesProps): ReactNode {
  const { placementCompDetail, setPlacementCompDetail, removalComp, removalCompDetail, setRemovalCompDetail } = p;
  const { notes, setNotes, removalNotes, setRemovalNotes } = p;
  return (
    <>
      <GrowingTextarea
        label="Placement complications"
        minRows={2}
        value={placementCompDetail}
        onChange={(e) => setPlacementCompDetail(e.currentTarget.value)}
      />
      {removalComp && (
        <GrowingTextarea
          label="Removal complication details"
          minRows={2}
          value={removalCompDetail}
          onChange={(e) => setRemovalCompDetail(e.currentTarget.value)}
        />
      )}
      <GrowingTextarea
        label="Airway notes"
        minRows={2}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      <GrowingTextarea
        label="Removal notes"
        minRows={2}
        value={removalNotes}
        onChange={(e) => setRemovalNotes(e.currentTarget.value)}
      />
    </>
  );
}

/** The fields of an airway (spec 002 §3 preset airways) with PEEP and SpO2 within their limits. */
export function AirwayForm({ initial, onSave, onCancel, now = Date.now }: AirwayFormProps): ReactNode {
  const [type, setType] = useState<AirwayType>(initial?.type ?? 'nc');
  const [otherType, setOtherType] = useState(initial?.otherType ?? '');
  const [preOx, setPreOx] = useState(initial?.preOx ?? false);
  const [eyeProtection, setEyeProtection] = useState(initial?.eyeProtection ?? false);
  const [placedText, setPlacedText] = useState(initial?.inflated == null ? '' : formatHhMm(initial.inflated));
  const [removedText, setRemovedText] = useState(initial?.deflated == null ? '' : formatHhMm(initial.deflated));
  const [securedWith, setSecuredWith] = useState(initial?.securedWith ?? '');
  const [confirmation, setConfirmation] = useState(initial?.confirmation ?? '');
  const [peepText, setPeepText] = useState(initial?.peep == null ? '' : String(initial.peep));
  const [preSpo2Text, setPreSpo2Text] = useState(initial?.preRemovalSpo2 == null ? '' : String(initial.preRemovalSpo2));
  const [postSpo2Text, setPostSpo2Text] = useState(
    initial?.postRemovalSpo2 == null ? '' : String(initial.postRemovalSpo2),
  );
  const [placementCompDetail, setPlacementCompDetail] = useState(initial?.placementCompDetail ?? '');
  const [removalComp, setRemovalComp] = useState(initial?.removalComp ?? false);
  const [removalCompDetail, setRemovalCompDetail] = useState(initial?.removalCompDetail ?? '');
  const [notes, setNotes] = useState(initial?.notes ?? '');
  const [removalNotes, setRemovalNotes] = useState(initial?.removalNotes ?? '');
  const t = now();
  const placed = placedText.trim() === '' && !initial ? { value: t, error: null } : optionalTime(placedText, t);
  const removed = optionalTime(removedText, t);
  const peep = readLimited(peepText, 'peep');
  const preSpo2 = readLimited(preSpo2Text, 'spo2');
  const postSpo2 = readLimited(postSpo2Text, 'spo2');
  const ok = [placed, removed, peep, preSpo2, postSpo2].every((f) => f.error == null);
  const text = (s: string): string | null => (s.trim() === '' ? null : s.trim());
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!ok) return;
        onSave({
          id: initial?.id ?? newId('awy'),
          type,
          otherType: type === 'other' ? text(otherType) : null,
          preOx,
          inflated: placed.value,
          deflated: removed.value,
          placementCompDetail: text(placementCompDetail),
          removalComp,
          removalCompDetail: removalComp ? text(removalCompDetail) : null,
          peep: PEEP_TYPES.includes(type) ? peep.value : null,
          preRemovalSpo2: preSpo2.value,
          postRemovalSpo2: postSpo2.value,
          securedWith: text(securedWith),
          notes: text(notes),
          removalNotes: text(removalNotes),
          eyeProtection,
          confirmation: text(confirmation),
        });
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <LightNativeSelect
            label="Airway type"
            size="sm"
            value={type}
            data={AIRWAY_TYPE_OPTIONS}
            onChange={(e) => setType(e.currentTarget.value as AirwayType)}
          />
          {type === 'other' && (
            <LightTextInput
              label="Other airway"
              size="sm"
              value={otherType}
              onChange={(e) => setOtherType(e.currentTarget.value)}
            />
          )}
          <TimeField label="Placed at" value={placedText} error={placed.error} onChange={setPlacedText} width="auto" />
          <TimeField
            label="Removed at"
            value={removedText}
            error={removed.error}
            onChange={setRemovedText}
            width="auto"
          />
          <LightTextInput
            label="Airway secured with"
            size="sm"
            value={securedWith}
            onChange={(e) => setSecuredWith(e.currentTarget.value)}
          />
          <LightTextInput
            label="Placement confirmed by"
            placeholder="EtCO2, breath sounds…"
            size="sm"
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
          />
          {PEEP_TYPES.includes(type) && (
            <LightTextInput
              label="PEEP (cmH2O)"
              inputMode="decimal"
              size="sm"
              value={peepText}
              error={peep.error ?? undefined}
              onChange={(e) => setPeepText(e.currentTarget.value)}
            />
          )}
          <LightTextInput
            label="SpO2 before removal"
            inputMode="numeric"
            size="sm"
            value={preSpo2Text}
            error={preSpo2.error ?? undefined}
            onChange={(e) => setPreSpo2Text(e.currentTarget.value)}
          />
          <LightTextInput
            label="SpO2 after removal"
            inputMode="numeric"
            size="sm"
            value={postSpo2Text}
            error={postSpo2.error ?? undefined}
            onChange={(e) => setPostSpo2Text(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group gap="lg">
          <CheckboxField label="Pre-oxygenated" checked={preOx} onChange={setPreOx} />
          <CheckboxField label="Eye protection" checked={eyeProtection} onChange={setEyeProtection} />
          <CheckboxField label="Removal complications" checked={removalComp} onChange={setRemovalComp} />
        </Group>
        <AirwayNotes
          placementCompDetail={placementCompDetail}
          setPlacementCompDetail={setPlacementCompDetail}
          removalComp={removalComp}
          removalCompDetail={removalCompDetail}
          setRemovalCompDetail={setRemovalCompDetail}
          notes={notes}
          setNotes={setNotes}
          removalNotes={removalNotes}
          setRemovalNotes={setRemovalNotes}
        />
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" mih={44} disabled={!ok}>
            Save airway
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
