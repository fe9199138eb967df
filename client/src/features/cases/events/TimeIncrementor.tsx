import { INVALID_TIME_INPUT, parseLenientTime, parseStrictTime, timeBoundError } from '@vigil/shared';
import { useId, useState, type ReactNode } from 'react';
import { LightGroup, LightStack, LightText } from '../../../ui/LightLayout.js';
import { atLocalTime, clockDateTime, hhmm, isoDate } from '../../../ui/format.js';
import { LightButton, LightIconButton } from '../../../ui/kit/LightButton.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';
import { useHoldToRepeat } from './holdToRepeat.js';
import classes from './TimeIncrementor.module.css';

// The time field's text: centred, with digits of one width so HH:MM does not shift as it changes.
const TIME_INPUT_STYLE = { textAlign: 'center', fontVariantNumeric: 'tabular-nums' } as const;

export interface TimeIncrementorProps {
  label: string;
  /** Epoch ms, or null when not set. */
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number | null;
  max?: number | null;
  /** The day (YYYY-MM-DD) a typed time falls on while the field has no value. */
  referenceDate: string;
  disabled?: boolean;
  /** Minutes per plus or minus step. */
  stepMinutes?: number;
  /** The clock (tests give their own). */
  now?: () => number;
  description?: ReactNode;
}

const MINUTE = 60_000;

/** The field's label, with its description below it when there is one. */
function TimeLabel({ id, label, description }: { id: string; label: string; description?: ReactNode }): ReactNode {
  return (
    <LightStack gap={0} className={classes.labelColumn}>
      <LightText htmlFor={id} fw={500}>
        {label}
      </LightText>
      {description && (
        <LightText id={`${id}-description`} size="sm" c="dimmed">
          {description}
        </LightText>
      )}
    </LightStack>
  );
}

interface TimeActionsProps {
  label: string;
  disabled: boolean;
  /** Whether the date edit is open. */
  editDate: boolean;
  onNow: () => void;
  onToggleDate: () => void;
  /** Clears the time; null while there is none, which hides the button. */
  onClear: (() => void) | null;
}

/** The buttons after the time: "Now", "Date" (opens the date edit) and, with a time set, "Clear". */
function TimeActions({ label, disabled, editDate, onNow, onToggleDate, onClear }: TimeActionsProps): ReactNode {
  return (
    <>
      <LightButton variant="light" disabled={disabled} aria-label={`${label}: now`} onClick={onNow}>
        Now
      </LightButton>
      <LightButton
        variant="subtle"
        disabled={disabled}
        aria-label={`${label}: change date`}
        aria-expanded={editDate}
        onClick={onToggleDate}
      >
        Date
      </LightButton>
      {onClear && (
        <LightButton variant="subtle" color="gray" disabled={disabled} aria-label={`${label}: clear`} onClick={onClear}>
          Clear
        </LightButton>
      )}
    </>
  );
}

interface DateEditProps {
  label: string;
  /** The day shown (YYYY-MM-DD). */
  day: string;
  disabled: boolean;
  /** Called with a complete YYYY-MM-DD only. */
  onPick: (day: string) => void;
}

/** The date edit the "Date" button opens. */
function DateEdit({ label, day, disabled, onPick }: DateEditProps): ReactNode {
  return (
    <LightTextInput
      type="date"
      label={`${label} date`}
      value={day}
      width={200}
      disabled={disabled}
      onChange={(e) => {
        const next = e.currentTarget.value;
        if (/^\d{4}-\d{2}-\d{2}$/.test(next)) onPick(next);
      }}
    />
  );
}

/**
 * The time incrementor (spec 002 §2, §5): HH:MM with a 2-digit hour, typed leniently (1:30p,
 * 930, 0930) and shown strictly; minus and plus buttons that repeat while held (spec 002 §9);
 * "Now"; an optional date edit; the bounds' errors 'min is {date}' / 'max is {date}' and
 * 'Invalid time input use HH:MM'.
 */
export function TimeIncrementor({
  label,
  value,
  onChange,
  min = null,
  max = null,
  referenceDate,
  disabled = false,
  stepMinutes = 1,
  now = Date.now,
  description,
}: TimeIncrementorProps): ReactNode {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editDate, setEditDate] = useState(false);
  const [dateOverride, setDateOverride] = useState<string | null>(null);
  const day = value != null ? isoDate(value) : (dateOverride ?? referenceDate);
  const format = (ms: number): string => (isoDate(ms) === day ? hhmm(ms) : clockDateTime(ms));

  /** Writes a time within the bounds; otherwise shows the bound's error and keeps the old one. */
  const commit = (ms: number): boolean => {
    const bound = timeBoundError(ms, { min, max }, format);
    if (bound) {
      setError(bound);
      return false;
    }
    setError(null);
    onChange(ms);
    return true;
  };

  const step = (direction: 1 | -1): void => {
    const base = value ?? Math.floor(now() / MINUTE) * MINUTE;
    commit(value == null ? base : base + direction * stepMinutes * MINUTE);
  };
  const minus = useHoldToRepeat(() => step(-1), disabled);
  const plus = useHoldToRepeat(() => step(1), disabled);

  const typed = (): void => {
    if (draft == null) return;
    const text = draft.trim();
    if (text === '') {
      setDraft(null);
      setError(null);
      if (value != null) onChange(null);
      return;
    }
    const parsed = parseStrictTime(text) ?? parseLenientTime(text);
    if (!parsed) {
      setError(INVALID_TIME_INPUT);
      return;
    }
    if (commit(atLocalTime(day, parsed.hours, parsed.minutes))) setDraft(null);
  };

  const shown = draft ?? (value == null ? '' : hhmm(value));
  return (
    <LightStack gap={4}>
      <LightGroup gap={6} align="flex-start">
        <TimeLabel id={id} label={label} description={description} />
        <LightIconButton aria-label={`${label}: one minute earlier`} disabled={disabled || value == null} {...minus}>
          −
        </LightIconButton>
        <LightTextInput
          id={id}
          describedBy={
            [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
            undefined
          }
          invalid={error != null}
          value={shown}
          placeholder="HH:MM"
          inputMode="numeric"
          autoComplete="off"
          width={110}
          inputStyle={TIME_INPUT_STYLE}
          disabled={disabled}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            setError(null);
          }}
          onBlur={typed}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              typed();
            } else if (e.key === 'Escape') {
              setDraft(null);
              setError(null);
            }
          }}
        />
        <LightIconButton aria-label={`${label}: one minute later`} disabled={disabled || value == null} {...plus}>
          +
        </LightIconButton>
        <TimeActions
          label={label}
          disabled={disabled}
          editDate={editDate}
          onNow={() => {
            setDraft(null);
            commit(Math.floor(now() / MINUTE) * MINUTE);
          }}
          onToggleDate={() => setEditDate((v) => !v)}
          onClear={
            value == null
              ? null
              : () => {
                  setDraft(null);
                  setError(null);
                  onChange(null);
                }
          }
        />
      </LightGroup>
      {error && (
        <LightText id={`${id}-error`} size="sm" c="red" role="alert" className={classes.error}>
          {error}
        </LightText>
      )}
      {editDate && (
        <DateEdit
          label={label}
          day={day}
          disabled={disabled}
          onPick={(next) => {
            if (value == null) {
              setDateOverride(next);
              return;
            }
            const d = new Date(value);
            commit(atLocalTime(next, d.getHours(), d.getMinutes()));
          }}
        />
      )}
      {value != null && day !== referenceDate && !editDate && (
        <LightText size="xs" c="dimmed">
          {clockDateTime(value)}
        </LightText>
      )}
    </LightStack>
  );
}
