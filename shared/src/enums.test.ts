import { describe, expect, it } from 'vitest';
import * as e from './enums.js';

describe('enumerations of spec 001 §4–§5 and spec 002 §3', () => {
  it.each([
    [
      'appointment statuses',
      e.APPOINTMENT_STATUSES,
      'proposed pending booked arrived fulfilled cancelled noshow entered-in-error checked-in waitlist',
    ],
    [
      'appointment query statuses (spec 000 §3)',
      e.APPOINTMENT_QUERY_STATUSES,
      'proposed pending booked arrived checked-in waitlist',
    ],
    ['participation', e.PARTICIPATION_STATUSES, 'accepted declined tentative needs-action'],
    ['composition', e.COMPOSITION_STATUSES, 'preliminary final amended entered-in-error'],
    ['location', e.LOCATION_STATUSES, 'active suspended inactive'],
    [
      'observation',
      e.OBSERVATION_STATUSES,
      'registered preliminary final amended corrected cancelled entered-in-error unknown',
    ],
    [
      'contract',
      e.CONTRACT_STATUSES,
      'amended appended cancelled disputed entered-in-error executable executed negotiable offered policy rejected renewed revoked resolved terminated',
    ],
    ['allergy type', e.ALLERGY_TYPES, 'allergy intolerance unknown'],
    ['allergy criticality', e.ALLERGY_CRITICALITIES, 'low high unable-to-assess'],
    [
      'medication statement',
      e.MEDICATION_STATEMENT_STATUSES,
      'active completed entered-in-error intended stopped on-hold unknown not-taken',
    ],
    [
      'drug routes',
      e.DRUG_ROUTES,
      'PO SL IM IV IMAD IN local infusion infusionBolus inhalation fluid fluidBolus syringeFlush',
    ],
    ['parenteral routes', e.PARENTERAL_ROUTES, 'IV IMAD IM IN'],
    ['oral routes', e.ORAL_ROUTES, 'PO SL'],
    ['fluid routes', e.FLUID_ROUTES, 'fluid fluidBolus syringeFlush'],
    ['pre-med routes (spec 002 §9)', e.PRE_MED_ROUTES, 'PO SL IM IN PR SC TD BUC OR INH TOP OPH'],
    ['drug units', e.DRUG_UNITS, 'mg mcg'],
    ['local dose units', e.LOCAL_DOSE_UNITS, 'ml mg cartridges'],
    ['airway types', e.AIRWAY_TYPES, 'nc nt nh cpap mad et ntt lma opa fm other'],
    ['sedation levels in rank order', e.SEDATION_LEVELS, 'local minimal moderate deep ga'],
    ['depth levels', e.DEPTH_SEDATION_LEVELS, 'moderate deep ga'],
    ['vital ids', e.VITAL_IDS, 'sbp dbp map spo2 hr rr etco2 temperature'],
    ['vital tracking statuses', e.VITAL_TRACKING_STATUSES, 'unselected selected auto manual paused ignored'],
    ['case statuses', e.CASE_STATUSES, 'notStarted ivStarted inProgress recovery complete'],
    ['sync statuses', e.SYNC_STATUSES, 'resyncing loading loadFailed saving waitingToRetry synced outOfSync unknown'],
    ['finalize steps', e.FINALIZE_STEPS, 'pdfGen saveUpdates emrSaveStarted savedToEmr emrSaveFailed'],
    [
      'event ids in order',
      e.EVENT_IDS,
      'timeout caseStart anesthesiaStart surgeryStart anesthesiaEnd recoveryStart surgeryEnd vitalsEnd end',
    ],
    ['user roles', e.USER_ROLES, 'surgeon sedationProvider other'],
    ['discharge score types', e.DISCHARGE_SCORE_TYPES, 'aldrete pads'],
    ['org types (spec 000 §3)', e.ORG_TYPES, 'regular parent vigil reseller'],
    ['org roles (spec 000 §3)', e.ORG_ROLES, 'admin member provider uber stats super dev'],
    ['MFA channels, sms first (spec 000 §3)', e.MFA_CHANNELS, 'sms email'],
    ['auth statuses (spec 000 §4)', e.AUTH_STATUSES, 'none expired partial full undetermined'],
  ])('%s', (_name, values, expected) => {
    expect([...values]).toEqual(expected.split(' '));
  });

  it('has the 15 systems review categories', () => {
    expect(e.SYSTEMS_REVIEW_CATEGORIES).toHaveLength(15);
    expect([...e.SYSTEMS_REVIEW_CATEGORIES].sort()).toEqual(
      'cardiac cns developmental endocrine gastro general gyn habits hematologic hepatic muscular oncology psychiatric pulmonary renal'.split(
        ' ',
      ),
    );
  });

  it('labels sedation levels Local, Minimal, Moderate, Deep, GA and (not set)', () => {
    expect(e.SEDATION_LEVELS.map((l) => e.SEDATION_LEVEL_LABELS[l])).toEqual([
      'Local',
      'Minimal',
      'Moderate',
      'Deep',
      'GA',
    ]);
    expect(e.SEDATION_LEVEL_UNSET_LABEL).toBe('(not set)');
  });

  it('defaults participants to tentative and medication statements to active (spec 001 §3)', () => {
    expect(e.DEFAULT_PARTICIPATION_STATUS).toBe('tentative');
    expect(e.DEFAULT_MEDICATION_STATEMENT_STATUS).toBe('active');
  });

  it('narrows untrusted values with isOneOf', () => {
    expect(e.isOneOf(e.AIRWAY_TYPES, 'lma')).toBe(true);
    expect(e.isOneOf(e.AIRWAY_TYPES, 'LMA')).toBe(false);
    expect(e.isOneOf(e.AIRWAY_TYPES, 3)).toBe(false);
  });
});
