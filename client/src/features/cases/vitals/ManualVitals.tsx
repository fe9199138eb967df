import type { ManualVitalsEntry } from '@vigil/shared';
import { Button, Table, Text, Title } from '@mantine/core';
import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { CaseDoc } from '../../../case/index.js';
import {
  INVALID_TIME_INPUT,
  canSaveManualVitals,
  newId,
  parseLenientTime,
  readManualVital,
  timeBoundError,
  type TemperatureUnit,
} from '@vigil/shared';
import { clockDateTime, clockTime, isoDate } from '../../../ui/format.js';
import { useCaseTimes } from '../events/useCaseTimes.js';
import { useCaseList } from '../../../case/index.js';
import { CaseDialog } from '../CaseDialog.js';
import { ConfirmRemoval } from '../../../ui/ConfirmRemoval.js';
import { LightButton } from '../../../ui/kit/LightButton.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';
import { CELL, HEADER_CELL, PAINTS_ALONE, ROW, STRIPED_ROW } from '../lightTable.js';
import { useRowsShown } from '../useRowsShown.js';
import classes from './ManualVitals.module.css';

export type { ManualVitalsEntry };

/** The vitals a provider types in by hand, in the order of a monitor's display. */
export const MANUAL_VITAL_FIELDS = [
  { type: 'sbp', label: 'Systolic BP', unit: 'mmHg' },
  { type: 'dbp', label: 'Diastolic BP', unit: 'mmHg' },
  { type: 'hr', label: 'Heart rate', unit: 'bpm' },
  { type: 'spo2', label: 'SpO2', unit: '%' },
  { type: 'rr', label: 'Resp. rate', unit: '/min' },
  { type: 'etco2', label: 'EtCO2', unit: 'mmHg' },
  { type: 'temp', label: 'Temperature', unit: '' },
  // Ventilation and sedation scores (spec 001 §5 limits, VT1): charted when the case calls for them.
  { type: 'peep', label: 'PEEP', unit: 'cmH2O' },
  { type: 'pip', label: 'PIP', unit: 'cmH2O' },
  { type: 'tidalVolume', label: 'Tidal volume', unit: 'mL' },
  { type: 'rss', label: 'RSS', unit: '1–6' },
  { type: 'gcs', label: 'GCS', unit: '3–15' },
  { type: 'ess', label: 'ESS', unit: '−5 to 4' },
] as const;

/** The vitals beyond a monitor's usual seven, shown together in the table's last column. */
export const OTHER_MANUAL_VITALS = MANUAL_VITAL_FIELDS.slice(7);

/** The other vitals of an entry as one cell: 'PEEP 5 · GCS 15', or '–'. */
export function otherVitalsText(vitals: Readonly<Record<string, number | null | undefined>>): string {
  const parts = OTHER_MANUAL_VITALS.filter((f) => vitals[f.type] != null).map((f) => `${f.label} ${vitals[f.type]}`);
  return parts.length > 0 ? parts.join(' · ') : '–';
}

/** The times a manual vitals entry may be taken at: from the case start to its end (or now). */
export interface VitalsTimeBounds {
  /** Started Monitoring, when set: an entry cannot be earlier. */
  min: number | null;
  /** Recovery Completed, when set: an entry cannot be later (nor later than now). */
  max: number | null;
}

const NO_BOUNDS: VitalsTimeBounds = { min: null, max: null };

/**
 * The time of a manual vitals entry from its typed text (issue 25): empty is now, else HH:MM or a
 * lenient form (spec 002 §5: 930, 1:30p) on the day of `reference` (the entry's own day when
 * editing, today for a new one). Refused with 'Invalid time input use HH:MM', and with 'max is
 * {time}' / 'min is {time}' (TI4) after Recovery Completed or now, or before Started Monitoring.
 */
export function readVitalsTime(
  text: string,
  reference: number,
  bounds: VitalsTimeBounds,
  now: number,
): { value: number | null; error: string | null } {
  let value = now;
  if (text.trim() !== '') {
    const t = parseLenientTime(text);
    if (!t) return { value: null, error: INVALID_TIME_INPUT };
    const d = new Date(reference);
    d.setHours(t.hours, t.minutes, 0, 0);
    value = d.getTime();
  }
  // A typed time is a whole minute: 10:30 is within an end at 10:30:40, and 10:31 is not.
  const max = Math.min(bounds.max ?? Number.POSITIVE_INFINITY, now);
  const format = (ms: number): string => (isoDate(ms) === isoDate(value) ? clockTime(ms) : clockDateTime(ms));
  const error = timeBoundError(
    value,
    { min: bounds.min == null ? null : floorMinute(bounds.min), max: text.trim() === '' ? max : floorMinute(max) },
    format,
  );
  return error ? { value: null, error } : { value, error: null };
}

const floorMinute = (ms: number): number => Math.floor(ms / 60_000) * 60_000;

export interface ManualVitalsDialogProps {
  opened: boolean;
  initial: ManualVitalsEntry | null;
  temperatureUnit: TemperatureUnit;
  onSave: (entry: ManualVitalsEntry) => void;
  onClose: () => void;
  /** The case's times an entry must fall between (none while the case has no times). */
  bounds?: VitalsTimeBounds;
  now?: () => number;
  /** A date field beside the time (the health history's pre-op vitals, often taken days before). */
  withDate?: boolean;
}

/**
 * One value of the dialog; typing in it re-renders this field (plain elements in Mantine's
 * look), not the other six, and not the form's buttons unless saving becomes possible or not.
 */
const VitalField = memo(function VitalField({
  type,
  label,
  value,
  error,
  onText,
  autoFocus,
}: {
  type: string;
  label: string;
  value: string;
  error: string | undefined;
  onText: (type: string, text: string) => void;
  /** The field the dialog focuses on opening. */
  autoFocus: boolean;
}): ReactNode {
  return (
    <LightTextInput
      label={label}
      inputMode="decimal"
      value={value}
      error={error}
      autoFocusInDialog={autoFocus}
      onChange={(e) => onText(type, e.currentTarget.value)}
    />
  );
});

/** The entry's time: empty is now; shown with its bound error (issue 25). */
const TimeInput = memo(function TimeInput({
  value,
  error,
  onText,
}: {
  value: string;
  error: string | undefined;
  onText: (text: string) => void;
}): ReactNode {
  return (
    <LightTextInput
      label="Time"
      inputMode="numeric"
      placeholder="now"
      value={value}
      error={error}
      description="HH:MM, empty for now"
      onChange={(e) => onText(e.currentTarget.value)}
    />
  );
});

const FormActions = memo(function FormActions({
  canSave,
  onCancel,
}: {
  canSave: boolean;
  onCancel: () => void;
}): ReactNode {
  return (
    <div className={classes.actions}>
      <Button variant="default" onClick={onCancel} mih={44}>
        Cancel
      </Button>
      <Button type="submit" disabled={!canSave} mih={44}>
        Save vitals
      </Button>
    </div>
  );
});

/** The form's text per vital: an entry's values, or all empty for a new reading. */
function entryTexts(entry: ManualVitalsEntry | null): Record<string, string> {
  return Object.fromEntries(
    MANUAL_VITAL_FIELDS.map((f) => {
      const v = entry?.vitals[f.type];
      return [f.type, v == null ? '' : String(v)];
    }),
  );
}

interface VitalsFormProps {
  initial: ManualVitalsEntry | null;
  temperatureUnit: TemperatureUnit;
  onSave: (entry: ManualVitalsEntry) => void;
  onClose: () => void;
  bounds: VitalsTimeBounds;
  now: () => number;
  withDate: boolean;
  /**
   * Set by the form: empties it at once when a save's emptying is still waiting. The dialog calls
   * it as it opens, so a new reading never opens on the last one's values.
   */
  emptyNow: { current: (() => void) | null };
}

/**
 * The day a date field names (YYYY-MM-DD, local), at noon, or null when it names none; a reading
 * on another day than today needs its time typed (empty is now only today).
 */
export function readVitalsDay(text: string, now: number): { day: number | null; error: string | null } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) return { day: null, error: 'Enter the date of the reading' };
  const day = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12).getTime();
  if (!Number.isFinite(day) || isoDate(day) !== text.trim())
    return { day: null, error: 'Enter the date of the reading' };
  if (isoDate(day) > isoDate(now)) return { day: null, error: 'The date cannot be in the future' };
  return { day, error: null };
}

/** The entry's day (withDate): YYYY-MM-DD. */
const DateInput = memo(function DateInput({
  value,
  error,
  onText,
}: {
  value: string;
  error: string | undefined;
  onText: (text: string) => void;
}): ReactNode {
  return (
    <LightTextInput
      label="Date"
      type="date"
      value={value}
      error={error}
      onChange={(e) => onText(e.currentTarget.value)}
    />
  );
});

/**
 * The manual vitals add/edit form (spec 002 §2, §5): each value must be a number within its
 * type's limits ('invalid value', 'max is {n}', 'min is {n}'); zero or non-numeric input
 * becomes empty; saving needs no errors and at least one value.
 */
const VitalsForm = memo(function VitalsForm({
  initial,
  temperatureUnit,
  onSave,
  onClose,
  bounds,
  now,
  withDate,
  emptyNow,
}: VitalsFormProps): ReactNode {
  const unit = initial?.temperatureUnit ?? temperatureUnit;
  const [texts, setTexts] = useState<Record<string, string>>(() => entryTexts(initial));
  const [timeText, setTimeText] = useState(() => (initial ? clockTime(initial.time) : ''));
  const [dateText, setDateText] = useState(() => isoDate(initial?.time ?? now()));
  // A save's emptying runs as a transition, which a busy tablet (a monitor streaming, a slow CPU)
  // can hold back past the next opening (session 32: the bench typed 72 into a field still
  // showing 72). Until it has run, the opening empties the form at once instead.
  const emptying = useRef(false);
  const empty = useCallback(() => {
    setTexts(entryTexts(null));
    setTimeText('');
    setDateText(isoDate(now()));
  }, [now]);
  useLayoutEffect(() => {
    if (emptying.current && timeText === '' && Object.values(texts).every((t) => t === '')) emptying.current = false;
    emptyNow.current = () => {
      if (!emptying.current) return;
      emptying.current = false;
      empty();
    };
  });
  const setText = useCallback((type: string, text: string) => setTexts((t) => ({ ...t, [type]: text })), []);
  const values = MANUAL_VITAL_FIELDS.map((f) => readManualVital(texts[f.type] ?? '', f.type, unit));
  const [, setChecked] = useState(0);
  // An edited entry whose time is left as shown keeps its seconds.
  const readTime = (nowMs: number): { value: number | null; error: string | null } => {
    const day = withDate ? readVitalsDay(dateText, nowMs) : null;
    if (day?.error) return { value: null, error: null };
    const sameDay = !withDate || (initial != null && dateText === isoDate(initial.time));
    if (initial && sameDay && timeText === clockTime(initial.time)) return { value: initial.time, error: null };
    if (day?.day != null && timeText.trim() === '' && isoDate(day.day) !== isoDate(nowMs))
      return { value: null, error: 'Enter the time of the reading' };
    return readVitalsTime(timeText, day?.day ?? initial?.time ?? nowMs, bounds, nowMs);
  };
  const dayError = withDate ? readVitalsDay(dateText, now()).error : null;
  const time = readTime(now());
  const canSave = canSaveManualVitals(values) && time.value != null;
  const save = (): void => {
    // The form may have been made minutes before it was opened: "now" is read again as it saves.
    const at = readTime(now());
    if (!canSaveManualVitals(values) || at.value == null) {
      setChecked((n) => n + 1);
      return;
    }
    onSave({
      id: initial?.id ?? newId('vit'),
      time: at.value,
      temperatureUnit: unit,
      // The monitor's seven always (null when empty); the other vitals only when typed.
      vitals: Object.fromEntries(
        MANUAL_VITAL_FIELDS.flatMap((f, i) => {
          const v = values[i]?.value ?? null;
          return i < 7 || v != null ? [[f.type, v]] : [];
        }),
      ),
    });
    // The form stays in the page for the next reading, emptied after the closing has painted.
    if (!initial) {
      emptying.current = true;
      startTransition(empty);
    }
  };
  return (
    <form
      className={classes.form}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      {withDate && <DateInput value={dateText} error={dayError ?? undefined} onText={setDateText} />}
      <TimeInput value={timeText} error={time.error ?? undefined} onText={setTimeText} />
      <div className={classes.fields}>
        {MANUAL_VITAL_FIELDS.map((f, i) => (
          <VitalField
            key={f.type}
            type={f.type}
            label={`${f.label} (${f.type === 'temp' ? `°${unit}` : f.unit})`}
            value={texts[f.type] ?? ''}
            error={values[i]?.error ?? undefined}
            onText={setText}
            autoFocus={i === 0}
          />
        ))}
      </div>
      <FormActions canSave={canSave} onCancel={onClose} />
    </form>
  );
});

/**
 * The manual vitals add/edit dialog. Its form is made once, in the background after the
 * section mounts, and kept while the dialog is closed, so opening it for a new reading renders
 * nothing. Saving a new reading empties the form for the next one; closing without saving
 * makes a fresh form; editing an entry makes a form with that entry's values.
 */
export function ManualVitalsDialog({
  opened,
  initial,
  temperatureUnit,
  onSave,
  onClose,
  bounds = NO_BOUNDS,
  now = Date.now,
  withDate = false,
}: ManualVitalsDialogProps): ReactNode {
  const [made, setMade] = useState(opened);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!made) startTransition(() => setMade(true));
  }, [made]);
  const emptyNow = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    if (opened) emptyNow.current?.();
  }, [opened]);
  // The form keeps its props (and so skips rendering) while the caller passes new callbacks.
  const callbacks = useRef({ onSave, onClose });
  useLayoutEffect(() => {
    callbacks.current = { onSave, onClose };
  });
  const save = useCallback((entry: ManualVitalsEntry) => callbacks.current.onSave(entry), []);
  const close = useCallback(() => {
    // A fresh form for the next opening, made after the closing has painted.
    startTransition(() => setGeneration((g) => g + 1));
    callbacks.current.onClose();
  }, []);
  return (
    <CaseDialog opened={opened} onClose={close} title={initial ? 'Edit vitals' : 'Add vitals'}>
      {(made || opened) && (
        <VitalsForm
          key={`${initial?.id ?? 'new'} ${generation}`}
          initial={initial}
          temperatureUnit={temperatureUnit}
          onSave={save}
          onClose={close}
          bounds={bounds}
          now={now}
          withDate={withDate}
          emptyNow={emptyNow}
        />
      )}
    </CaseDialog>
  );
}

/**
 * One entry of the table, in plain elements with Mantine's table and button classes (a Mantine
 * row with its cells and two buttons is ~15 components, and a long case has dozens of entries
 * to render as it opens); a new entry does not re-render the others.
 */
const ManualVitalsRow = memo(function ManualVitalsRow({
  entry: r,
  disabled,
  onEdit,
  onRemove,
}: {
  entry: ManualVitalsEntry;
  disabled: boolean | undefined;
  onEdit: (entry: ManualVitalsEntry) => void;
  onRemove: (entry: ManualVitalsEntry) => void;
}): ReactNode {
  const v = (k: string): string => (r.vitals[k] == null ? '–' : String(r.vitals[k]));
  const at = clockTime(r.time);
  return (
    <tr {...STRIPED_ROW}>
      <td {...CELL}>{at}</td>
      <td {...CELL}>
        {v('sbp')}/{v('dbp')}
      </td>
      <td {...CELL}>{v('hr')}</td>
      <td {...CELL}>{v('spo2')}</td>
      <td {...CELL}>{v('rr')}</td>
      <td {...CELL}>{v('etco2')}</td>
      <td {...CELL}>{r.vitals.temp == null ? '–' : `${r.vitals.temp} °${r.temperatureUnit}`}</td>
      <td {...CELL}>{otherVitalsText(r.vitals)}</td>
      <td {...CELL}>
        <div className={classes.rowActions}>
          <LightButton
            variant="subtle"
            size="xs"
            aria-label={`Edit vitals at ${at}`}
            disabled={disabled}
            onClick={() => onEdit(r)}
          >
            Edit
          </LightButton>
          <LightButton
            variant="subtle"
            color="red"
            size="xs"
            aria-label={`Remove vitals at ${at}`}
            disabled={disabled}
            onClick={() => onRemove(r)}
          >
            Remove
          </LightButton>
        </div>
      </td>
    </tr>
  );
});

/**
 * The table of manual vitals. It re-renders only when the entries change, not when the dialog
 * opens or closes over it.
 */
const ManualVitalsTable = memo(function ManualVitalsTable({
  items,
  disabled,
  onEdit,
  onRemove,
}: {
  items: readonly ManualVitalsEntry[];
  disabled: boolean | undefined;
  onEdit: (entry: ManualVitalsEntry) => void;
  onRemove: (entry: ManualVitalsEntry) => void;
}): ReactNode {
  const rows = [...items].sort((a, b) => a.time - b.time);
  const shown = useRowsShown(rows.length);
  return rows.length === 0 ? (
    <Text c="dimmed">No manual vitals yet.</Text>
  ) : (
    <Table striped aria-label="Vitals recorded" className={PAINTS_ALONE}>
      <Table.Thead>
        <tr {...ROW}>
          <th {...HEADER_CELL}>Time</th>
          <th {...HEADER_CELL}>BP</th>
          <th {...HEADER_CELL}>HR</th>
          <th {...HEADER_CELL}>SpO2</th>
          <th {...HEADER_CELL}>RR</th>
          <th {...HEADER_CELL}>EtCO2</th>
          <th {...HEADER_CELL}>Temp</th>
          <th {...HEADER_CELL}>Other</th>
          <th {...HEADER_CELL} />
        </tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.slice(0, shown).map((r) => (
          <ManualVitalsRow key={r.id} entry={r} disabled={disabled} onEdit={onEdit} onRemove={onRemove} />
        ))}
      </Table.Tbody>
    </Table>
  );
});

export interface ManualVitalsProps {
  doc: CaseDoc | undefined;
  temperatureUnit: TemperatureUnit;
  disabled?: boolean;
}

/**
 * Manual vitals of the case: add, edit, and remove with confirmation (spec 002 §2, §4). An entry
 * has a time, now unless typed, between Started Monitoring and Recovery Completed (issue 25).
 */
export function ManualVitals({ doc, temperatureUnit, disabled }: ManualVitalsProps): ReactNode {
  const { items, add, removeWhere, replaceWhere } = useCaseList(doc, 'manualVitals');
  const caseTimes = useCaseTimes(doc);
  // The start as set (a caseStart derived from the charted times would follow the entries).
  const min = caseTimes.input.times.caseStart ?? null;
  const max = caseTimes.times.end;
  const bounds = useMemo(() => ({ min, max }), [min, max]);
  const [editing, setEditing] = useState<ManualVitalsEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<ManualVitalsEntry | null>(null);
  // Opening and closing the dialog re-render this and the dialog's frame; the heading, the
  // table and the removal question keep their props.
  const startAdding = useCallback(() => setEditing('new'), []);
  const keep = useCallback(() => setRemoving(null), []);
  const remove = useCallback(() => {
    const id = removing?.id;
    if (id) removeWhere((x) => x.id === id);
    setRemoving(null);
  }, [removing, removeWhere]);
  return (
    <section className={classes.section} aria-labelledby="manual-vitals-title">
      <ManualVitalsHeading disabled={disabled} onAdd={startAdding} />
      <ManualVitalsTable items={items} disabled={disabled} onEdit={setEditing} onRemove={setRemoving} />
      <ManualVitalsDialog
        opened={editing !== null}
        initial={editing === 'new' || editing === null ? null : editing}
        temperatureUnit={temperatureUnit}
        bounds={bounds}
        onClose={() => setEditing(null)}
        onSave={(entry) => {
          // An edited entry is replaced in its place; a new one is added (nothing to look for).
          if (editing === 'new' || editing === null) add(entry);
          else replaceWhere((x) => x.id === entry.id, entry);
          setEditing(null);
        }}
      />
      <Removal
        title="Remove vitals?"
        question={removing ? `Remove the vitals recorded at ${clockTime(removing.time)}?` : null}
        onKeep={keep}
        onConfirm={remove}
      />
    </section>
  );
}

const Removal = memo(ConfirmRemoval);

const ManualVitalsHeading = memo(function ManualVitalsHeading({
  disabled,
  onAdd,
}: {
  disabled: boolean | undefined;
  onAdd: () => void;
}): ReactNode {
  return (
    <div className={classes.heading}>
      <Title order={3} size="h5" id="manual-vitals-title">
        Manual vitals
      </Title>
      <Button onClick={onAdd} disabled={disabled} mih={44}>
        Add vitals
      </Button>
    </div>
  );
});
