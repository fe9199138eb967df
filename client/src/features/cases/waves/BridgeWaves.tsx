import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  ECG_CAPTURE_NOT_IN_PLAN,
  latestWaveform,
  refusalText,
  SECOND,
  type BridgeMonitorView,
  type BridgeView,
  type BridgeWaveformView,
} from '@vigil/shared';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { errorCode } from '../../../data/graphql.js';
import { LightNativeSelect } from '../../../ui/kit/LightNativeSelect.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';
import { captureBridgeWaveform, fetchBridgeMonitorWaveforms, fetchBridges } from '../../monitors/index.js';
import { WAVE_TYPES, waveLabel, type WaveType } from './model.js';
import { LiveWave, MONITOR_STRIP_SECONDS } from './WaveCapture.js';

/** The calls the bridge's live waves make (tests give their own). */
export interface BridgeWavesApi {
  fetchBridges: typeof fetchBridges;
  fetchBridgeMonitorWaveforms: typeof fetchBridgeMonitorWaveforms;
  captureBridgeWaveform: typeof captureBridgeWaveform;
}

export interface BridgeWavesProps {
  orgId: string;
  caseId: string;
  disabled: boolean;
  api?: BridgeWavesApi;
}

const DEFAULT_API: BridgeWavesApi = { fetchBridges, fetchBridgeMonitorWaveforms, captureBridgeWaveform };
/** How often the office's bridges are read again (a monitor picked for this case in the vitals section shows here). */
export const BRIDGE_LIST_POLL_MS = 5 * SECOND;
/** How often a charting monitor's waveform samples are read again (the bridge relays them every second). */
export const BRIDGE_WAVES_POLL_MS = SECOND;
/** The words of the capture's refusals (MON22 for an ECG lead off the plan). */
const WORDING = {
  PLAN_REQUIRED: ECG_CAPTURE_NOT_IN_PLAN,
  NO_WAVEFORM: 'The monitor has sent none of this waveform in the last 20 s.',
  CASE_NOT_OPENED: 'The case is not saved on the server yet. Try again in a moment.',
  BRIDGE_REVOKED: 'That bridge was revoked. Ask an administrator to pair it again.',
};
/** The empty state: the bridge charts readings but relays no wave of this monitor. */
export const NO_BRIDGE_WAVES = 'The bridge sends no waveforms from this monitor.';

const isWaveType = (t: string): t is WaveType => (WAVE_TYPES as readonly string[]).includes(t);

/** Calls `step` now and every `ms` until unmounted (or the step changes). */
function usePolling(step: () => void, ms: number): void {
  useEffect(() => {
    step();
    const timer = setInterval(step, ms);
    return () => clearInterval(timer);
  }, [step, ms]);
}

/**
 * The live waves of the bridge monitors charting this case (issue 38): the samples the bridge
 * relays to the server, polled, drawn by the one live wave view (LiveWave), and a 'Capture strip'
 * with a note, written into the case's waves by the server (captureBridgeWaveform); the strip
 * then shows in the list below as any other. Nothing shows while no bridge monitor charts the
 * case or the bridges cannot be read (offline).
 */
export function BridgeWaves({ orgId, caseId, disabled, api = DEFAULT_API }: BridgeWavesProps): ReactNode {
  const [charting, setCharting] = useState<{ monitor: BridgeMonitorView; bridge: BridgeView }[]>([]);
  const readBridges = useCallback(() => {
    api.fetchBridges(orgId).then(
      (bridges) =>
        setCharting(
          bridges
            .filter((b) => b.revokedAt == null)
            .flatMap((bridge) =>
              bridge.monitors.filter((m) => m.caseId === caseId).map((monitor) => ({ monitor, bridge })),
            ),
        ),
      () => setCharting([]),
    );
  }, [api, orgId, caseId]);
  usePolling(readBridges, BRIDGE_LIST_POLL_MS);
  return charting.map(({ monitor, bridge }) => (
    <MonitorWaves key={`${monitor.bridgeId} ${monitor.key}`} {...{ orgId, caseId, disabled, api, monitor, bridge }} />
  ));
}

function MonitorWaves({
  orgId,
  caseId,
  disabled,
  api,
  monitor,
  bridge,
}: Required<BridgeWavesProps> & { monitor: BridgeMonitorView; bridge: BridgeView }): ReactNode {
  const [samples, setSamples] = useState<BridgeWaveformView[] | null>(null);
  const [picked, setPicked] = useState<WaveType | null>(null);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [captured, setCaptured] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { bridgeId, key } = monitor;
  const readWaves = useCallback(() => {
    api.fetchBridgeMonitorWaveforms(orgId, { bridgeId, key }).then(setSamples, () => setSamples(null));
  }, [api, orgId, bridgeId, key]);
  usePolling(readWaves, BRIDGE_WAVES_POLL_MS);
  const waves = useMemo(
    () => (samples ?? []).flatMap((s) => (isWaveType(s.type) ? [{ ...s, type: s.type }] : [])),
    [samples],
  );
  const types = WAVE_TYPES.filter((t) => waves.some((w) => w.type === t));
  const type = picked && types.includes(picked) ? picked : types[0];
  const capture = async (): Promise<void> => {
    if (!type) return;
    setError(null);
    setCaptured(null);
    setBusy(true);
    try {
      const wave = await api.captureBridgeWaveform(orgId, caseId, monitor, type, notes.trim() || null);
      setCaptured(`${wave.name} captured.`);
      setNotes('');
    } catch (err) {
      setError(refusalText(errorCode(err), WORDING));
    } finally {
      setBusy(false);
    }
  };
  const name = `${monitor.label} (${bridge.name})`;
  return (
    <Stack gap="xs" component="section" aria-label={`Live waves from ${name}`}>
      <Text size="sm" fw={600}>
        Bridge monitor {name}
      </Text>
      {samples !== null && types.length === 0 && (
        <Text size="sm" c="dimmed">
          {NO_BRIDGE_WAVES}
        </Text>
      )}
      {types.map((t) => {
        const wave = latestWaveform(waves, t, MONITOR_STRIP_SECONDS);
        return wave && <LiveWave key={t} type={t} values={wave.values} sampleRateHz={wave.sampleRateHz} />;
      })}
      {type && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <LightNativeSelect
            label="Monitor waveform"
            width={160}
            size="sm"
            value={type}
            disabled={disabled}
            data={types.map((t) => ({ value: t, label: waveLabel(t) }))}
            onChange={(e) => setPicked(e.currentTarget.value as WaveType)}
          />
          <LightTextInput
            label="Strip notes"
            width={260}
            size="sm"
            value={notes}
            disabled={disabled}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <Button mih={44} disabled={disabled || busy} onClick={() => void capture()}>
            Capture strip
          </Button>
        </Group>
      )}
      {captured && (
        <Text size="sm" role="status">
          {captured}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
