import { errorIssue, warningIssue, type Issue } from '../case-data/issue.js';
import { convertTemperature, storedVitalError } from '../rules/vitals.js';
import { hl7Segment, hl7TimeToEpoch, hl7Value, type Hl7Message, type Hl7Segment } from './hl7.js';
import { monitorVital, type MonitorReading, type MonitorReadingVital } from './types.js';

/*
 * HL7 v2 ORU^R01 as IHE PCD-01 "Communicate PCD Data" (IHE PCD Technical Framework Vol. 2,
 * docs/decisions.md session 26): each OBX names its observation by an ISO/IEEE 11073-10101 (MDC)
 * code in OBX-3, its value in OBX-5, its unit by an MDC code (or UCUM) in OBX-6, its result
 * status in OBX-11 and its time in OBX-14. Codes are partition × 65536 + term code.
 */

type Dimension = 'percent' | 'rate' | 'pressure' | 'temperature';

interface MdcVital {
  readonly vital: MonitorReadingVital;
  readonly dimension: Dimension;
  /** Lower wins when a message carries two sources of one vital (ECG heart rate before a pulse rate). */
  readonly rank: number;
}

/** [MON10] The MDC observation codes read, by code (SCADA partition 2: 131072 + term). */
export const PCD01_VITAL_CODES: Readonly<Record<string, MdcVital & { readonly mnemonic: string }>> = {
  '147842': { mnemonic: 'MDC_ECG_HEART_RATE', vital: 'hr', dimension: 'rate', rank: 0 },
  '149530': { mnemonic: 'MDC_PULS_OXIM_PULS_RATE', vital: 'hr', dimension: 'rate', rank: 1 },
  '149514': { mnemonic: 'MDC_PULS_RATE', vital: 'hr', dimension: 'rate', rank: 2 },
  '149522': { mnemonic: 'MDC_BLD_PULS_RATE_INV', vital: 'hr', dimension: 'rate', rank: 3 },
  '150456': { mnemonic: 'MDC_PULS_OXIM_SAT_O2', vital: 'spo2', dimension: 'percent', rank: 0 },
  '150021': { mnemonic: 'MDC_PRESS_BLD_NONINV_SYS', vital: 'sbp', dimension: 'pressure', rank: 0 },
  '150022': { mnemonic: 'MDC_PRESS_BLD_NONINV_DIA', vital: 'dbp', dimension: 'pressure', rank: 0 },
  '150023': { mnemonic: 'MDC_PRESS_BLD_NONINV_MEAN', vital: 'map', dimension: 'pressure', rank: 0 },
  '151562': { mnemonic: 'MDC_RESP_RATE', vital: 'rr', dimension: 'rate', rank: 0 },
  '151594': { mnemonic: 'MDC_CO2_RESP_RATE', vital: 'rr', dimension: 'rate', rank: 1 },
  '151708': { mnemonic: 'MDC_AWAY_CO2_ET', vital: 'etco2', dimension: 'pressure', rank: 0 },
  '150344': { mnemonic: 'MDC_TEMP', vital: 'temp', dimension: 'temperature', rank: 0 },
  '150364': { mnemonic: 'MDC_TEMP_BODY', vital: 'temp', dimension: 'temperature', rank: 1 },
};

const BY_MNEMONIC = new Map(Object.entries(PCD01_VITAL_CODES).map(([code, v]) => [v.mnemonic, { code, ...v }]));

/**
 * [MON11] The units read, by MDC code, MDC mnemonic or UCUM, as a factor into the unit Vigil
 * charts: mmHg for pressures (kPa × 7.50062), °C for temperature (°F converted, VT9), %, /min.
 */
const UNITS: readonly { readonly names: readonly string[]; readonly dimension: Dimension; readonly unit: string }[] = [
  { names: ['262688', 'MDC_DIM_PERCENT', '%'], dimension: 'percent', unit: '%' },
  { names: ['264864', 'MDC_DIM_BEAT_PER_MIN', '/min', '{beats}/min', 'bpm'], dimension: 'rate', unit: '/min' },
  { names: ['264928', 'MDC_DIM_RESP_PER_MIN', '{breaths}/min', '{resp}/min', 'rpm'], dimension: 'rate', unit: '/min' },
  { names: ['266016', 'MDC_DIM_MMHG', 'mm[Hg]', 'mmHg'], dimension: 'pressure', unit: 'mmHg' },
  { names: ['265987', 'MDC_DIM_KILO_PASCAL', 'kPa'], dimension: 'pressure', unit: 'kPa' },
  { names: ['268192', 'MDC_DIM_DEGC', 'Cel', '°C', 'C'], dimension: 'temperature', unit: 'C' },
  { names: ['266560', 'MDC_DIM_FAHR', '[degF]', '°F', 'F'], dimension: 'temperature', unit: 'F' },
];

/** [MON11] mmHg in one kPa (1 mmHg = 133.322 Pa). */
export const MMHG_PER_KPA = 7.50062;

/**
 * [MON11] A value in a unit as Vigil charts it: pressures in whole mmHg, temperature in °C to one
 * decimal; percent and rates as sent. Null when the unit is not one of the dimension's.
 */
export function toChartedUnit(value: number, unit: string, dimension: Dimension): number | null {
  const u = UNITS.find((x) => x.dimension === dimension && x.names.includes(unit));
  if (u == null) return null;
  if (u.unit === 'kPa') return Math.round(value * MMHG_PER_KPA);
  if (u.unit === 'F') return convertTemperature(value, 'F', 'C');
  return value;
}

interface Found {
  readonly vital: MonitorReadingVital;
  readonly rank: number;
  readonly value: number | null;
  readonly error: string | null;
}

/** [MON10] One OBX read: the vital it reports (value null when blank [MON2]) or null for a code not read. */
function readObx(message: Hl7Message, obx: Hl7Segment, index: number, issues: Issue[]): Found | null {
  const code = hl7Value(message, obx, 3, 1);
  const entry = PCD01_VITAL_CODES[code] ?? BY_MNEMONIC.get(hl7Value(message, obx, 3, 2));
  if (entry == null) return null;
  const at = ['OBX', index];
  const raw = hl7Value(message, obx, 5).trim();
  const status = hl7Value(message, obx, 11).toUpperCase();
  const blank = { vital: entry.vital, rank: entry.rank, value: null, error: null };
  if (raw === '' || status === 'X') return blank;
  const n = Number(raw);
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(raw) || !Number.isFinite(n)) {
    issues.push(warningIssue('HL7_BAD_VALUE', `${entry.mnemonic} ${raw} is not a number.`, at));
    return blank;
  }
  // The unit by its code (OBX-6.1), else its mnemonic or UCUM text (OBX-6.2).
  const units = [hl7Value(message, obx, 6, 1), hl7Value(message, obx, 6, 2)].filter((u) => u !== '');
  const unit = units.join('^');
  const value =
    units.length === 0 ? n : (units.map((u) => toChartedUnit(n, u, entry.dimension)).find((v) => v != null) ?? null);
  if (units.length === 0) issues.push(warningIssue('HL7_NO_UNIT', `${entry.mnemonic} came without a unit.`, at));
  if (value == null) {
    issues.push(warningIssue('HL7_UNIT', `${entry.mnemonic} in ${unit} cannot be charted.`, at));
    return blank;
  }
  const error = storedVitalError(value, entry.vital, 'C');
  if (error != null) issues.push(warningIssue('MONITOR_OUT_OF_RANGE', `${entry.vital} ${value}: ${error}`, at));
  return { vital: entry.vital, rank: entry.rank, value, error };
}

/**
 * [MON10] An ORU^R01 read as IHE PCD-01: one reading of every OBX whose MDC code Vigil charts;
 * none of them is a warning and no reading (not a blank one). A message of another type is an
 * error and no reading. [MON15] The observation time is the
 * first OBX-14, else OBR-7, else MSH-7.
 */
export function readPcd01(
  message: Hl7Message,
  receivedAt: number,
): { reading: MonitorReading | null; issues: Issue[] } {
  const msh = hl7Segment(message, 'MSH')!;
  const type = `${hl7Value(message, msh, 9, 1)}^${hl7Value(message, msh, 9, 2)}`;
  if (type !== 'ORU^R01')
    return {
      reading: null,
      issues: [errorIssue('HL7_UNSUPPORTED_MESSAGE', `${type} is not an ORU^R01 message.`, ['MSH', 9])],
    };
  const issues: Issue[] = [];
  const found = new Map<MonitorReadingVital, Found>();
  let obxTime = '';
  let deviceId = '';
  message.segments
    .filter((s) => s.name === 'OBX')
    .forEach((obx, index) => {
      obxTime ||= hl7Value(message, obx, 14);
      deviceId ||= hl7Value(message, obx, 18);
      const f = readObx(message, obx, index, issues);
      const had = f && found.get(f.vital);
      if (f && (had == null || f.rank < had.rank || (had.value == null && f.value != null && f.rank === had.rank)))
        found.set(f.vital, f);
    });
  if (found.size === 0) {
    issues.push(warningIssue('HL7_NO_VITALS', 'The message carried no vital Vigil charts.', []));
    return { reading: null, issues };
  }
  const obr = hl7Segment(message, 'OBR');
  const clock = obxTime || (obr ? hl7Value(message, obr, 7) : '') || hl7Value(message, msh, 7);
  const pid = hl7Segment(message, 'PID');
  const vitals: MonitorReading['vitals'] = {};
  for (const f of found.values()) vitals[f.vital] = monitorVital(f.value, receivedAt, f.error ?? undefined);
  return {
    reading: {
      protocol: 'hl7',
      receivedAt,
      deviceClock: clock || null,
      observedAt: clock ? hl7TimeToEpoch(clock) : null,
      vitals,
      flags: [],
      deviceId: deviceId || hl7Value(message, msh, 3) || null,
      patientId: (pid && hl7Value(message, pid, 3)) || null,
    },
    issues,
  };
}
