import { Button, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { TOUCH_INPUT } from '../../../ui/kit/touch.js';
import { addAllergyPatch, nkdaPatch, NKDA, removeAllergyPatch, type AllergySeverity } from './model.js';
import { TabFrame } from './parts.js';
import classes from './tabs.module.css';
import type { HhxTabProps } from './types.js';

const SEVERITIES = [
  { value: '', label: 'Not known' },
  { value: 'mild', label: 'Mild' },
  { value: 'moderate', label: 'Moderate' },
  { value: 'severe', label: 'Severe' },
];

/**
 * Allergies (spec 002 §3): the NKDA quick value, or structured entries (substance, reaction,
 * severity) with the allergies summary kept in step with them. A history copied from a case may
 * carry a free-text summary alone; it stays editable until a structured entry is added.
 */
export function AllergiesTab({ data, set, readOnly }: HhxTabProps): ReactNode {
  const [substance, setSubstance] = useState('');
  const [reaction, setReaction] = useState('');
  const [severity, setSeverity] = useState<AllergySeverity | ''>('');
  const allergies = data.allergies ?? [];
  const isNkda = allergies.length === 0 && data.allergiesSummary?.trim().toUpperCase() === NKDA;
  const add = (): void => {
    const patch = addAllergyPatch(data, { substance, reaction, severity: severity === '' ? null : severity });
    if (!patch) return;
    set(patch);
    setSubstance('');
    setReaction('');
    setSeverity('');
  };
  return (
    <TabFrame title="Allergies">
      <Group>
        <Button
          mih={44}
          variant={isNkda ? 'filled' : 'light'}
          disabled={readOnly}
          aria-pressed={isNkda}
          onClick={() => set(nkdaPatch())}
        >
          NKDA (no known drug allergies)
        </Button>
      </Group>
      {allergies.length === 0 && !isNkda && (
        <Textarea
          label="Allergies summary"
          size="md"
          minRows={2}
          rows={2}
          value={data.allergiesSummary ?? ''}
          disabled={readOnly}
          onChange={(e) => set({ allergiesSummary: e.currentTarget.value || null })}
        />
      )}
      {allergies.length > 0 && (
        <Stack gap="xs" aria-label="Allergies recorded" role="list">
          {allergies.map((a) => (
            <div key={a.id} className={`${classes.card} ${classes.row}`} role="listitem">
              <div>
                <Text fw={600}>{a.substance}</Text>
                <Text size="sm" c={a.severity === 'severe' ? 'red.8' : 'dimmed'}>
                  {[a.reaction, a.severity].filter(Boolean).join(' · ') || 'Reaction not recorded'}
                </Text>
              </div>
              <Button
                variant="subtle"
                color="red"
                mih={44}
                disabled={readOnly}
                aria-label={`Remove allergy ${a.substance}`}
                onClick={() => set(removeAllergyPatch(data, a.id))}
              >
                Remove
              </Button>
            </div>
          ))}
          <Text size="sm" c="dimmed">
            Summary: {data.allergiesSummary}
          </Text>
        </Stack>
      )}
      {!readOnly && (
        <form
          className={classes.card}
          aria-label="Add an allergy"
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <Stack gap="sm">
            <div className={classes.grid}>
              <TextInput
                {...TOUCH_INPUT}
                label="Substance"
                placeholder="e.g. Penicillin, latex"
                value={substance}
                onChange={(e) => setSubstance(e.currentTarget.value)}
              />
              <TextInput
                {...TOUCH_INPUT}
                label="Reaction"
                placeholder="e.g. hives"
                value={reaction}
                onChange={(e) => setReaction(e.currentTarget.value)}
              />
              <NativeSelect
                {...TOUCH_INPUT}
                label="Severity"
                data={SEVERITIES}
                value={severity}
                onChange={(e) => setSeverity(e.currentTarget.value as AllergySeverity | '')}
              />
            </div>
            <Group>
              <Button type="submit" mih={44} disabled={substance.trim() === ''}>
                Add allergy
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </TabFrame>
  );
}
