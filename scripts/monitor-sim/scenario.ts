import { z } from 'zod';

/*
 * A monitor-sim scenario (README.md beside this file): a name, a description and steps, each
 * lasting some seconds, with the vitals the simulated monitor shows during it. A vital is a
 * number (held), a pair [from, to] (a straight ramp over the step) or null (sent blank). A step
 * states only what changes: the others carry over from the step before.
 */

export const SIM_VITALS = ['spo2', 'hr', 'pi', 'sbp', 'dbp', 'map', 'rr', 'etco2', 'temp'] as const;
export type SimVital = (typeof SIM_VITALS)[number];

const vitalValue = z.union([z.number().finite(), z.tuple([z.number().finite(), z.number().finite()]), z.null()]);

export const stepSchema = z
  .object({
    seconds: z
      .number()
      .positive()
      .max(24 * 3600),
    /** Every vital sent blank: the monitor is connected but has no values. */
    blank: z.boolean().optional(),
    /** The probe is off the patient: blank values, and the device says why (Masimo EXC sensor off, HL7 status X). */
    sensorOff: z.boolean().optional(),
    /** The cable is pulled: nothing at all is sent during the step. */
    silent: z.boolean().optional(),
    /** Bytes written before each frame of the step (noise on the line); \u00XX for a byte. */
    garbage: z.string().max(4096).optional(),
    /** A marked event on the first frame of the step (Nonin '*'). */
    event: z.boolean().optional(),
    ...Object.fromEntries(SIM_VITALS.map((v) => [v, vitalValue.optional()])),
  })
  .strict();

export const scenarioSchema = z
  .object({
    name: z.string().min(1),
    description: z.string(),
    /** Seconds between HL7 messages (a serial oximeter speaks once a second). Default 5. */
    hl7IntervalSeconds: z.number().positive().max(3600).optional(),
    /** Units the HL7 messages use: pressures in mmHg or kPa, temperature in C or F. */
    hl7Units: z.object({ pressure: z.enum(['mmHg', 'kPa']), temperature: z.enum(['C', 'F']) }).optional(),
    steps: z.array(stepSchema).min(1),
  })
  .strict();

export type ScenarioStep = z.infer<typeof stepSchema> & Partial<Record<SimVital, number | [number, number] | null>>;
export type Scenario = Omit<z.infer<typeof scenarioSchema>, 'steps'> & { steps: ScenarioStep[] };

/** A scenario read from its JSON text; throws with zod's message when it is not one (a CLI boundary). */
export function parseScenario(json: string): Scenario {
  return scenarioSchema.parse(JSON.parse(json));
}

/** The whole length of a scenario, in ms. */
export function scenarioDurationMs(scenario: Scenario): number {
  return scenario.steps.reduce((ms, s) => ms + s.seconds * 1000, 0);
}

/** What the monitor shows at one moment: each vital's value (null blank), and the step's flags. */
export interface SimState {
  readonly values: Readonly<Record<SimVital, number | null>>;
  readonly blank: boolean;
  readonly sensorOff: boolean;
  readonly silent: boolean;
  readonly garbage: string;
  /** True on the first frame of a step marked `event`. */
  readonly event: boolean;
}

const START: Record<SimVital, number | null> = {
  spo2: 98,
  hr: 72,
  pi: 3.5,
  sbp: 120,
  dbp: 80,
  map: 93,
  rr: 14,
  etco2: 36,
  temp: 36.8,
};

/**
 * The state at `atMs` from the scenario's start (values held, ramps interpolated); null past the
 * end. A step's event marks the frames of its first interval.
 */
export function stateAt(scenario: Scenario, atMs: number, intervalMs: number): SimState | null {
  const held: Record<SimVital, number | null> = { ...START };
  let stepStart = 0;
  for (const step of scenario.steps) {
    const length = step.seconds * 1000;
    const inStep = atMs >= stepStart && atMs < stepStart + length;
    for (const v of SIM_VITALS) {
      const given = step[v];
      if (given === undefined) continue;
      if (Array.isArray(given)) {
        const [from, to] = given;
        held[v] = inStep ? from + ((to - from) * (atMs - stepStart)) / length : to;
      } else held[v] = given;
    }
    if (inStep)
      return {
        values: held,
        blank: step.blank === true,
        sensorOff: step.sensorOff === true,
        silent: step.silent === true,
        garbage: step.garbage ?? '',
        event: step.event === true && atMs - stepStart < intervalMs,
      };
    stepStart += length;
  }
  return null;
}
