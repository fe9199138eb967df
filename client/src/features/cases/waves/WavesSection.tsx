import { Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { waveBoxHeight } from '@vigil/shared';
import { clockTime } from '../../../ui/format.js';
import { useCaseList, useVitalsRecords } from '../../../case/index.js';
import { waveImageSrc, type WaveEntry } from './model.js';
import { WaveCapture } from './WaveCapture.js';
import { BridgeWaves } from './BridgeWaves.js';
import type { CaseSectionProps } from '../caseSection.js';
import { ConfirmRemoval } from '../../../ui/ConfirmRemoval.js';
import { useOrgPlanLimits } from '../../subscription/index.js';

/**
 * Captured waveforms (spec 001 §3, §5; spec 002 §3): capture or import a strip (or capture one
 * from a bridge monitor charting the case, issue 38), see it, remove it with confirmation. Strips are shown as images (never inlined into the page), and only
 * those passing the wave svg rule.
 */
export function WavesSection({ doc, readOnly, context }: CaseSectionProps): ReactNode {
  // MON22: the ECG leads only where the plan includes waveform capture (unknown: allowed; the server decides).
  const ecgAllowed = useOrgPlanLimits(context.orgId).data?.waveformCapture !== false;
  const waves = useCaseList(doc, 'waves');
  const records = useVitalsRecords(doc);
  const [removing, setRemoving] = useState<WaveEntry | null>(null);
  const rates = useMemo(() => {
    const last = records.at(-1)?.vitals;
    return { hr: last?.hr?.value ?? null, rr: last?.rr?.value ?? null };
  }, [records]);
  const rows = [...waves.items].sort((a, b) => a.time - b.time);
  return (
    <Stack gap="sm" component="section" aria-label="Captured waveforms">
      <Title order={2} size="h3">
        Waveforms
      </Title>
      <WaveCapture disabled={readOnly} rates={rates} onCapture={waves.add} ecgAllowed={ecgAllowed} />
      <BridgeWaves orgId={context.orgId} caseId={context.caseId} disabled={readOnly} />
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No waveforms captured.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {rows.map((w) => (
            <Paper key={w.id} withBorder p="xs" data-testid="wave">
              <Group justify="space-between">
                <Text fw={600}>
                  {w.name} at {clockTime(w.time)}
                </Text>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  mih={44}
                  disabled={readOnly}
                  aria-label={`Remove ${w.name} at ${clockTime(w.time)}`}
                  onClick={() => setRemoving(w)}
                >
                  Remove
                </Button>
              </Group>
              <WaveStrip svg={w.svg} alt={`${w.name} strip`} />
              {w.notes && <Text size="sm">{w.notes}</Text>}
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <ConfirmRemoval
        title="Remove this waveform?"
        question={removing ? `Remove ${removing.name}?` : null}
        onKeep={() => setRemoving(null)}
        onConfirm={() => {
          const id = removing?.id;
          if (id) waves.removeWhere((x) => x.id === id);
          setRemoving(null);
        }}
      />
    </Stack>
  );
}

/** A strip as an isolated image (no script, nothing painted outside its box; issue 24 item 5). */
function WaveStrip({ svg, alt }: { svg: string; alt: string }): ReactNode {
  const src = useMemo(() => waveImageSrc(svg), [svg]);
  if (src === null) {
    return (
      <Text size="sm" c="red">
        This strip cannot be shown.
      </Text>
    );
  }
  return <Image src={src} alt={alt} fit="contain" h={waveBoxHeight(svg)} />;
}
