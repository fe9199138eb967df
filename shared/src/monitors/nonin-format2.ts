import { warningIssue, type Issue } from '../case-data/issue.js';
import { storedVitalError } from '../rules/vitals.js';
import { emptyOutput, monitorVital, type MonitorStreamParser, type ParseOutput } from './types.js';
import type { WaveformSamples } from './waveforms.js';

/*
 * Nonin OEM III / Xpod serial "Data Format #2" (issue 38: the Nonin path that carries a pleth),
 * as Nonin's OEM III Specifications and Technical Information describe it and the University of
 * Oxford IBME driver (uk.ac.ox.ibme.nonin NoninPacket) reads it: 9600 baud 8N1, 75 frames a
 * second of 5 bytes
 *
 *   0x01  STATUS  PLETH  DATA  CHK
 *
 * STATUS has bit 7 set and bit 0 (SYNC) on the first frame of each packet of 25 (a third of a
 * second); PLETH is one 8-bit pleth sample; CHK is the sum of the first four bytes mod 256. DATA
 * walks through the packet: frame 1 the 4-beat heart rate's MSB (2 bits), frame 2 its LSB
 * (7 bits), frame 3 the 4-beat SpO2; 511 and 127 are "no value". Data Format #7 (a 16-bit pleth)
 * and #8 (no pleth, one frame a second) are other formats of the same modules, not read here.
 */

export const NONIN_FORMAT2_SERIAL = { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 } as const;
export const NONIN_FORMAT2 = { frameBytes: 5, framesPerPacket: 25, sampleRateHz: 75, noHr: 511, noSpo2: 127 } as const;

const STATUS_SYNC = 0x01;
const STATUS_HIGH = 0x80;

/** [MON21] Whether five bytes are a frame: start byte 1, status with bit 7, and the checksum. */
function isFrame(b: Uint8Array | number[], i: number): boolean {
  const [s, st, p, d, c] = [b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!, b[i + 4]!];
  return s === 0x01 && (st & STATUS_HIGH) !== 0 && ((s + st + p + d) & 0xff) === c;
}

/**
 * [MON21] A stream parser of Data Format #2: frames found by their start byte, status bit and
 * checksum (bytes that are none are skipped with one warning a run); each full packet of 25 frames
 * gives a reading (heart rate, SpO2; "no value" kept blank [MON2]) and its 25 pleth samples at
 * 75 Hz. A packet cut by a bad frame gives its pleth samples and no reading.
 */
export function createNoninFormat2Parser(): MonitorStreamParser {
  let buffer: number[] = [];
  let offset = 0;
  let packet: { pleth: number[]; data: number[] } | null = null;
  let skipping = false;
  return {
    protocol: 'noninPleth',
    push(chunk: Uint8Array, receivedAt: number): ParseOutput {
      const out = emptyOutput();
      const waveforms: WaveformSamples[] = [];
      const issues: Issue[] = out.issues;
      buffer.push(...chunk);
      let i = 0;
      const flush = (): void => {
        if (packet == null || packet.pleth.length === 0) return;
        waveforms.push({
          type: 'pleth',
          values: packet.pleth,
          sampleRateHz: NONIN_FORMAT2.sampleRateHz,
          receivedAt,
        });
        if (packet.pleth.length === NONIN_FORMAT2.framesPerPacket) {
          const [hrMsb, hrLsb, spo2Byte] = packet.data;
          const hr = ((hrMsb! & 0x03) << 7) | (hrLsb! & 0x7f);
          const spo2 = spo2Byte! & 0x7f;
          const hrValue = hr === NONIN_FORMAT2.noHr ? null : hr;
          const spo2Value = spo2 === NONIN_FORMAT2.noSpo2 ? null : spo2;
          out.readings.push({
            protocol: 'noninPleth',
            receivedAt,
            deviceClock: null,
            observedAt: null,
            vitals: {
              hr: monitorVital(
                hrValue,
                receivedAt,
                (hrValue != null && storedVitalError(hrValue, 'hr', 'C')) || undefined,
              ),
              spo2: monitorVital(
                spo2Value,
                receivedAt,
                (spo2Value != null && storedVitalError(spo2Value, 'spo2', 'C')) || undefined,
              ),
            },
            flags: [],
            deviceId: null,
            patientId: null,
          });
        }
        packet = null;
      };
      while (buffer.length - i >= NONIN_FORMAT2.frameBytes) {
        if (!isFrame(buffer, i)) {
          if (!skipping)
            issues.push(
              warningIssue('MONITOR_GARBAGE', 'Bytes that are no Nonin frame were skipped.', ['byte', offset + i]),
            );
          skipping = true;
          // A frame cut by noise ends its packet.
          flush();
          i++;
          continue;
        }
        skipping = false;
        const status = buffer[i + 1]!;
        if ((status & STATUS_SYNC) !== 0) {
          flush();
          packet = { pleth: [], data: [] };
        }
        if (packet != null) {
          packet.pleth.push(buffer[i + 2]!);
          packet.data.push(buffer[i + 3]!);
          if (packet.pleth.length === NONIN_FORMAT2.framesPerPacket) flush();
        }
        i += NONIN_FORMAT2.frameBytes;
      }
      buffer = buffer.slice(i);
      offset += i;
      return waveforms.length > 0 ? { ...out, waveforms } : out;
    },
  };
}

/**
 * The bytes of Data Format #2 for a run of pleth samples and the vitals each packet carries
 * (the simulator's and the tests' source of a stream; a packet per 25 samples).
 */
export function noninFormat2Bytes(
  pleth: readonly number[],
  vitals: { hr: number | null; spo2: number | null },
): number[] {
  const bytes: number[] = [];
  const hr = vitals.hr ?? NONIN_FORMAT2.noHr;
  const spo2 = vitals.spo2 ?? NONIN_FORMAT2.noSpo2;
  pleth.forEach((p, k) => {
    const frame = k % NONIN_FORMAT2.framesPerPacket;
    const status = STATUS_HIGH | (frame === 0 ? STATUS_SYNC : 0);
    const data = frame === 0 ? (hr >> 7) & 0x03 : frame === 1 ? hr & 0x7f : frame === 2 ? spo2 : 0;
    const sample = Math.max(0, Math.min(255, Math.round(p)));
    bytes.push(0x01, status, sample, data, (0x01 + status + sample + data) & 0xff);
  });
  return bytes;
}
