import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { GrowingTextarea } from '../../../ui/kit/GrowingTextarea.js';
import { useMemo, useState, type ReactNode } from 'react';
import {
  CASE_DATA_MESSAGES,
  ECG_CAPTURE_NOT_IN_PLAN,
  latestWaveform,
  mayCaptureWave,
  newId,
  waveformStripSvg,
  WAVE_STRIP,
} from '@vigil/shared';
import { useLiveWaveforms } from '../../../devices/liveWaveforms.js';
import {
  WAVE_TYPES,
  canStoreWaveSvg,
  waveImageSrc,
  waveLabel,
  waveStripSvg,
  type WaveEntry,
  type WaveType,
} from './model.js';
import { LightNativeSelect } from '../../../ui/kit/LightNativeSelect.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';

export interface WaveCaptureProps {
  disabled: boolean;
  /** The newest heart and respiratory rates, to shape a simulated strip. */
  rates: { hr: number | null; rr: number | null };
  onCapture: (wave: WaveEntry) => void;
  /** Whether the office's plan includes ECG waveform capture (MON22); the ECG leads are left out otherwise. */
  ecgAllowed?: boolean;
  now?: () => number;
}

/** How much of a monitor's stream a capture keeps: its 3 rows of 6 s (spec 002 §9). */
export const MONITOR_STRIP_SECONDS = WAVE_STRIP.secondsPerRow * WAVE_STRIP.maxRows;

/**
 * Capturing a waveform strip (spec 002 §3): from the monitor streaming on this tablet (its
 * newest 18 s, issue 38), from the simulated monitor, or an svg exported by a monitor and pasted in. Every svg is checked by the wave svg rule [CD3] before it is stored;
 * a refused one shows the rule's message.
 */
export function WaveCapture({
  disabled,
  rates,
  onCapture,
  ecgAllowed = true,
  now = Date.now,
}: WaveCaptureProps): ReactNode {
  const [type, setType] = useState<WaveType>('pleth');
  const [notes, setNotes] = useState('');
  const [svgText, setSvgText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const live = useLiveWaveforms();
  const liveWave = useMemo(() => latestWaveform(live, type, MONITOR_STRIP_SECONDS), [live, type]);
  const store = (svg: string, source: string): void => {
    if (!mayCaptureWave(type, ecgAllowed)) {
      setError(ECG_CAPTURE_NOT_IN_PLAN);
      return;
    }
    if (!canStoreWaveSvg(svg)) {
      setError(CASE_DATA_MESSAGES.waveSvg);
      return;
    }
    setError(null);
    onCapture({
      id: newId('wav'),
      name: `${waveLabel(type)}${source}`,
      time: now(),
      type,
      svg,
      notes: notes.trim() || null,
    });
    setNotes('');
    setSvgText('');
  };
  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <LightNativeSelect
          label="Waveform"
          width={160}
          size="sm"
          value={type}
          disabled={disabled}
          data={WAVE_TYPES.filter((t) => mayCaptureWave(t, ecgAllowed)).map((t) => ({ value: t, label: waveLabel(t) }))}
          onChange={(e) => setType(e.currentTarget.value as WaveType)}
        />
        <LightTextInput
          label="Waveform notes"
          width={260}
          size="sm"
          value={notes}
          disabled={disabled}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <Button
          mt={25}
          mih={44}
          disabled={disabled}
          onClick={() =>
            store(waveStripSvg(type, { hr: rates.hr ?? undefined, rr: rates.rr ?? undefined }), ' (simulated)')
          }
        >
          Capture simulated strip
        </Button>
        {liveWave && (
          <Button
            mt={25}
            mih={44}
            disabled={disabled}
            onClick={() => {
              const svg = waveformStripSvg(type, liveWave.values, liveWave.sampleRateHz);
              if (svg) store(svg, ' (monitor)');
            }}
          >
            Capture monitor strip
          </Button>
        )}
      </Group>
      {!ecgAllowed && (
        <Text size="sm" c="dimmed" data-testid="ecg-not-in-plan">
          {ECG_CAPTURE_NOT_IN_PLAN}
        </Text>
      )}
      {liveWave && <LiveWave type={type} values={liveWave.values} sampleRateHz={liveWave.sampleRateHz} />}
      <GrowingTextarea
        label="Monitor svg export"
        description="Paste a strip exported by a monitor"
        minRows={2}
        maxRows={8}
        value={svgText}
        disabled={disabled}
        error={error ?? undefined}
        onChange={(e) => {
          setSvgText(e.currentTarget.value);
          setError(null);
        }}
      />
      <Group>
        <Button
          variant="light"
          mih={44}
          disabled={disabled || svgText.trim() === ''}
          onClick={() => store(svgText.trim(), '')}
        >
          Import strip
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The newest 6 s of the monitor's wave of the chosen type, as it streams (an image, like a captured
 * strip): the one live wave view, for this tablet's monitor and a bridge's (BridgeWaves.tsx).
 */
export function LiveWave({
  type,
  values,
  sampleRateHz,
}: {
  type: WaveType;
  values: readonly number[];
  sampleRateHz: number;
}): ReactNode {
  const src = useMemo(() => {
    const row = values.slice(-Math.round(WAVE_STRIP.secondsPerRow * sampleRateHz));
    const svg = waveformStripSvg(type, row, sampleRateHz);
    return svg == null ? null : waveImageSrc(svg);
  }, [type, values, sampleRateHz]);
  if (src == null) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {waveLabel(type)} from the monitor, live
      </Text>
      <Image
        src={src}
        alt={`${waveLabel(type)} live from the monitor`}
        fit="contain"
        h={WAVE_STRIP.rowHeight}
        data-testid="live-wave"
      />
    </Stack>
  );
}
