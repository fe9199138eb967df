import { describe, expect, it } from 'vitest';
import {
  PATIENT_ANSWERS_EXTENSIONS,
  patientAnswersComposition,
  type Composition,
  type PatientAnswers,
} from '@vigil/shared';
import type { HealthHistoryCard } from './healthHistories.js';
import { mergeTarget, patientAnswersItems } from './patientAnswers.js';

const answers = (submittedAt: string): PatientAnswers => ({
  formName: 'Intake',
  submittedAt,
  healthHistory: {
    answers: { cardiac: 'yes', 'cardiac.hypertension': 'yes', renal: 'no', pulmonary: 'unsure', surgery: 'no' },
  },
  allergies: [],
  medications: null,
  height: null,
  weight: null,
});
const composition = (id: string, patientId: string, at: string): Composition => ({
  ...patientAnswersComposition({ patientId, patientName: 'Ana', contractId: 'c', answers: answers(at) }),
  id,
});

const card = (id: string, over: Partial<HealthHistoryCard>): HealthHistoryCard =>
  ({ id, preliminary: false, isCurrent: false, signer: null, ...over }) as HealthHistoryCard;

describe('patient answers on the health history summary', () => {
  it("[FC20] lists the patient's answers newest first with the histories they went into", () => {
    const merged = composition('a1', 'pat-1', '2026-11-01T10:00:00.000Z');
    merged.extension!.push({
      url: PATIENT_ANSWERS_EXTENSIONS.mergedInto,
      valueReference: { reference: 'Composition/h1' },
    });
    const items = patientAnswersItems(
      [merged, composition('a2', 'pat-1', '2026-11-20T10:00:00.000Z'), composition('a3', 'pat-2', '2026-11-21')],
      'pat-1',
    );
    expect(items.map((i) => [i.id, i.mergedInto])).toEqual([
      ['a2', []],
      ['a1', ['h1']],
    ]);
  });

  it('[FC22] merges into the history in progress, else into a copy of the current one, else a new one', () => {
    const inProgress = card('h2', { preliminary: true });
    const current = card('h1', { isCurrent: true, signer: { name: 'Dr A', how: 'signed' } });
    expect(mergeTarget([inProgress, current])).toEqual({ kind: 'inProgress', card: inProgress });
    expect(mergeTarget([current])).toEqual({ kind: 'copyOfCurrent', card: current });
    expect(mergeTarget([])).toEqual({ kind: 'new' });
  });
});
