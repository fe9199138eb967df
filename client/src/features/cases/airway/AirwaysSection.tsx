import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { AirwayForm } from './AirwayForm.js';
import { airwayName, type AirwayEntry } from './model.js';
import { clockTime } from '../../../ui/format.js';
import { putListEntry, useCaseList } from '../../../case/index.js';
import type { CaseSectionProps } from '../caseSection.js';
import { ConfirmRemoval } from '../../../ui/ConfirmRemoval.js';

function details(a: AirwayEntry): string[] {
  const out: string[] = [];
  if (a.inflated != null) out.push(`placed ${clockTime(a.inflated)}`);
  if (a.deflated != null) out.push(`removed ${clockTime(a.deflated)}`);
  if (a.preOx) out.push('pre-oxygenated');
  if (a.securedWith) out.push(`secured with ${a.securedWith}`);
  if (a.confirmation) out.push(`confirmed by ${a.confirmation}`);
  if (a.peep != null) out.push(`PEEP ${a.peep}`);
  if (a.preRemovalSpo2 != null) out.push(`SpO2 before removal ${a.preRemovalSpo2}%`);
  if (a.postRemovalSpo2 != null) out.push(`SpO2 after removal ${a.postRemovalSpo2}%`);
  if (a.eyeProtection) out.push('eye protection');
  return out;
}

/**
 * Airways (spec 001 §5 types; spec 002 §3 fields): add, edit and remove with confirmation. A
 * change replaces the airway's entry in the case's `airways` list.
 */
export function AirwaysSection({ doc, readOnly }: CaseSectionProps): ReactNode {
  const airways = useCaseList(doc, 'airways');
  const [editing, setEditing] = useState<AirwayEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<AirwayEntry | null>(null);
  const rows = [...airways.items].sort((a, b) => (a.inflated ?? Infinity) - (b.inflated ?? Infinity));
  return (
    <Stack gap="sm" component="section" aria-label="Airways">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Airway
        </Title>
        <Button mih={44} disabled={readOnly} onClick={() => setEditing('new')}>
          Add airway
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No airways charted.
        </Text>
      ) : (
        rows.map((a) => (
          <Paper key={a.id} withBorder p="sm" role="group" aria-label={airwayName(a)} data-testid="airway">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={700}>{airwayName(a)}</Text>
                  {a.removalComp && (
                    <Badge color="red" variant="light">
                      removal complications
                    </Badge>
                  )}
                </Group>
                <Text size="sm">{details(a).join(' · ')}</Text>
                {a.placementCompDetail && <Text size="sm">Placement complications: {a.placementCompDetail}</Text>}
                {a.removalCompDetail && <Text size="sm">Removal complications: {a.removalCompDetail}</Text>}
                {a.notes && <Text size="sm">{a.notes}</Text>}
                {a.removalNotes && <Text size="sm">Removal: {a.removalNotes}</Text>}
              </Stack>
              <Group gap="xs">
                <Button
                  variant="light"
                  mih={44}
                  disabled={readOnly}
                  onClick={() => setEditing(a)}
                  aria-label={`Edit ${airwayName(a)}`}
                >
                  Edit
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  mih={44}
                  disabled={readOnly}
                  onClick={() => setRemoving(a)}
                  aria-label={`Remove ${airwayName(a)}`}
                >
                  Remove
                </Button>
              </Group>
            </Group>
          </Paper>
        ))
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add airway' : 'Edit airway'}
        size="xl"
      >
        {editing !== null && (
          <AirwayForm
            initial={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSave={(a) => {
              if (doc) putListEntry(doc, 'airways', a);
              setEditing(null);
            }}
          />
        )}
      </Modal>
      <ConfirmRemoval
        title="Remove this airway?"
        question={removing ? `Remove ${airwayName(removing)}?` : null}
        onKeep={() => setRemoving(null)}
        onConfirm={() => {
          const id = removing?.id;
          if (id) airways.removeWhere((x) => x.id === id);
          setRemoving(null);
        }}
      />
    </Stack>
  );
}
