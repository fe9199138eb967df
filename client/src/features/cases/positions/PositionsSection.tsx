import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { clockTime } from '../../../ui/format.js';
import type { PositionEntry } from './model.js';
import { PositionForm } from './PositionForm.js';
import { useCaseList } from '../../../case/index.js';
import type { CaseSectionProps } from '../caseSection.js';
import { ConfirmRemoval } from '../../../ui/ConfirmRemoval.js';

/** Positions of the patient over the case (spec 001 §3: name, time); removal asks first. */
export function PositionsSection({ doc, readOnly }: CaseSectionProps): ReactNode {
  const positions = useCaseList(doc, 'positions');
  const [removing, setRemoving] = useState<PositionEntry | null>(null);
  const rows = [...positions.items].sort((a, b) => a.time - b.time);
  return (
    <Stack gap="sm" component="section" aria-label="Positions">
      <Title order={2} size="h3">
        Positions
      </Title>
      <PositionForm disabled={readOnly} onAdd={positions.add} />
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No positions charted.
        </Text>
      ) : (
        <Table striped aria-label="Positions charted">
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td w={90}>{clockTime(p.time)}</Table.Td>
                <Table.Td fw={600}>{p.name}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    mih={44}
                    disabled={readOnly}
                    aria-label={`Remove position ${p.name} at ${clockTime(p.time)}`}
                    onClick={() => setRemoving(p)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmRemoval
        title="Remove this position?"
        question={removing ? `Remove ${removing.name} at ${clockTime(removing.time)}?` : null}
        onKeep={() => setRemoving(null)}
        onConfirm={() => {
          const id = removing?.id;
          if (id) positions.removeWhere((x) => x.id === id);
          setRemoving(null);
        }}
      />
    </Stack>
  );
}
