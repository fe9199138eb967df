import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateAddendums } from './addendum.js';
import { hasErrors } from './issue.js';
import { CASE_DATA_MIGRATIONS, CASE_DATA_SCHEMA_VERSION, migrateCaseData } from './migrations.js';
import {
  applyCaseDataUpdate,
  cleanTimeoutText,
  isIvSiteComplete,
  isValidReferral,
  validateCaseData,
} from './validate.js';
import { isSafeWaveSvg } from './wave-svg.js';

const V = CASE_DATA_SCHEMA_VERSION;
const codes = (data: unknown) => validateCaseData(data).map((i) => [i.code, i.path.join('.')]);

describe('validateCaseData', () => {
  it('[CD6] accepts a charted case and keeps unknown keys', () => {
    const data = {
      schemaVersion: V,
      sedationLevel: 'moderate',
      userRole: 'surgeon',
      height: { value: 170, raw: '170 cm' },
      weight: { value: 70 },
      ebl: 5,
      finalRoomAirSpO2: 98,
      drugsAdministered: [{ name: 'Midazolam', doses: [{ route: 'IV', amount: 2, unit: 'mg', time: 0 }] }],
      localDoses: [{ drugVariantId: 'lidocaine-epi100', unit: 'cartridges', amount: 2 }],
      ivSites: [{ name: 'hand', attempts: 1, solutions: [{ name: 'LR', amount: 500 }] }],
      signatures: [{ name: 'Dr P', signature: 'M0 0', time: '2026-01-01T10:00:00Z' }],
      rfr: { name: 'Dr R', memId: '123', time: 1 },
      customDilutions: [{ variantId: 'lidocaine-plain', percent: 1 }],
      waves: [{ name: 'II', svg: '<svg><path d="M0 0"/></svg>' }],
      events: { caseStart: 0, end: null },
      dischargeScoreType: 'aldrete',
      dischargeScoreEntries: { aldretePain: { score: 2 } },
      systemsReview: { cardiac: { hasEntries: false } },
      manualVitals: [{ time: 0, vitals: { sbp: 120, temperature: 98.6 } }],
      someFutureField: { anything: true },
    };
    expect(validateCaseData(data)).toEqual([]);
    expect(applyCaseDataUpdate(data, {}).data).toHaveProperty('someFutureField');
  });

  it.each([
    [{ drugsAdministered: [{ doses: [] }] }, [['MISSING_DRUG_NAME', 'drugsAdministered.0.name']]],
    [{ drugsAdministered: [{ name: '  ' }] }, [['MISSING_DRUG_NAME', 'drugsAdministered.0.name']]],
    [{ infusionDrugs: [{ unit: 'mg' }] }, [['MISSING_DRUG_NAME', 'infusionDrugs.0.name']]],
    [{ weight: 70 }, [['INVALID_MEASUREMENT', 'weight']]], // v2 needs { value, raw? }
    [{ weight: { raw: '70' } }, [['INVALID_MEASUREMENT', 'weight.value']]],
    [{ height: { value: 170, unit: 'cm' } }, [['INVALID_MEASUREMENT', 'height']]],
    [{ ebl: 0 }, [['INVALID_POSITIVE_INTEGER', 'ebl']]],
    [{ ebl: 2.5 }, [['INVALID_POSITIVE_INTEGER', 'ebl']]],
    [{ finalRoomAirSpO2: -1 }, [['INVALID_POSITIVE_INTEGER', 'finalRoomAirSpO2']]],
    [{ ivSites: [{ solutions: [{ amount: 0 }] }] }, [['INVALID_POSITIVE_INTEGER', 'ivSites.0.solutions.0.amount']]],
    [{ sedationLevel: 'heavy' }, [['INVALID_VALUE', 'sedationLevel']]],
    [{ airways: [{ type: 'tube' }] }, [['INVALID_VALUE', 'airways.0.type']]],
    [{ signatures: [{ name: 'Dr P', time: 1 }] }, [['INVALID_SIGNATURE', 'signatures.0.signature']]],
    [{ rfr: { name: 'Dr R', time: 1 } }, [['INVALID_REFERRAL', 'rfr.memId']]],
    [{ customDilutions: [{ percent: 1 }] }, [['INVALID_DILUTION', 'customDilutions.0.variantId']]],
    [{ waves: [{ svg: '<svg onload="alert(1)"></svg>' }] }, [['INVALID_WAVE_SVG', 'waves.0.svg']]],
    [
      { dischargeScoreType: 'pads', dischargeScoreEntries: { voided: { score: 2 } } },
      [['INVALID_VALUE', 'dischargeScoreEntries.voided.score']],
    ],
    [{ manualVitals: [{ vitals: { spo2: 101 } }] }, [['VITAL_OUT_OF_RANGE', 'manualVitals.0.vitals.spo2']]],
    [{ events: { caseStart: 'yesterday-ish' } }, [['INVALID_TIME', 'events.caseStart']]],
    [{ ivEnabled: 'yes' }, [['INVALID_CASE_DATA', 'ivEnabled']]],
  ])('[CD6] %j gives %j', (data, expected) => {
    expect(codes({ schemaVersion: V, ...data })).toEqual(expected);
  });

  it.each([
    // [VT10] temperature: the reading's unit, else the organisation's, else from the value
    [{ vitals: { temperature: 98.6 } }, 'C', ['max is 50']], // a Celsius organisation
    [{ vitals: { temperature: 50.1 } }, 'C', ['max is 50']], // boundary
    [{ vitals: { temperature: 50 } }, 'C', []],
    [{ temperatureUnit: 'F', vitals: { temperature: 98.6 } }, 'C', []], // stored with the reading
    [{ temperatureUnit: 'C', vitals: { temperature: 98.6 } }, 'F', ['max is 50']],
    [{ vitals: { temperature: 98.6 } }, 'F', []],
    [{ vitals: { temperature: 122.1 } }, 'F', ['max is 122']],
    [{ vitals: { temperature: 60 } }, null, []], // no unit: above 50 read as F
    [{ vitals: { temperature: 37 } }, null, []], // no unit: up to 50 read as C
  ] as const)('[VT10] stored manual vitals %j in a %s organisation give %j', (entry, unit, messages) => {
    const issues = validateCaseData({ schemaVersion: V, manualVitals: [entry] }, { temperatureUnit: unit });
    expect(issues.map((i) => i.message)).toEqual(messages);
    for (const i of issues) expect([i.severity, i.code]).toEqual(['error', 'VITAL_OUT_OF_RANGE']);
  });

  it('[CD7] blocks an update storing a temperature out of the organisation’s range, and never blocks on a dilution warning', () => {
    const current = { schemaVersion: V };
    expect(
      applyCaseDataUpdate(current, { manualVitals: [{ vitals: { temperature: 98.6 } }] }, { temperatureUnit: 'C' }).ok,
    ).toBe(false);
    expect(
      applyCaseDataUpdate(current, { manualVitals: [{ vitals: { temperature: 98.6 } }] }, { temperatureUnit: 'F' }).ok,
    ).toBe(true);
    const diluted = applyCaseDataUpdate(current, { customDilutions: [{ variantId: 'lidocaine-plain', percent: 0.2 }] });
    expect(diluted.ok).toBe(true);
    expect(diluted.issues.map((i) => [i.severity, i.message])).toEqual([
      ['warning', 'Custom dilution of 0.2% is outside 0.5–2% for Lidocaine 2%: check the percent.'],
    ]);
  });

  it.each([
    // [VT10] a stored 0 is out of range for spo2 (1–100), GCS (3–15) and RSS (1–6), not empty;
    // sbp 0 is inside 0–400
    [
      { spo2: 0, gcs: 0, rss: 0, sbp: 0 },
      [
        ['manualVitals.0.vitals.spo2', 'min is 1'],
        ['manualVitals.0.vitals.gcs', 'min is 3'],
        ['manualVitals.0.vitals.rss', 'min is 1'],
      ],
    ],
    [{ spo2: 1, gcs: 3, rss: 1 }, []], // boundary: each minimum is allowed
    [{ temperature: 123 }, [['manualVitals.0.vitals.temperature', 'max is 122']]], // no unit: above 50 is F
  ])('[VT10] stored vitals %j give %j', (vitals, expected) => {
    const issues = validateCaseData({ schemaVersion: V, manualVitals: [{ vitals }] });
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual(expected);
    for (const i of issues) expect([i.severity, i.code]).toEqual(['error', 'VITAL_OUT_OF_RANGE']);
  });

  it('[VT10] rejects a temperature unit other than C or F', () => {
    expect(codes({ schemaVersion: V, manualVitals: [{ temperatureUnit: 'K', vitals: {} }] })).toEqual([
      ['INVALID_VALUE', 'manualVitals.0.temperatureUnit'],
    ]);
  });

  it.each([
    // [CD11] negative local dose amounts are errors; 0 is allowed (boundary)
    [{ amount: -1 }, [['NEGATIVE_AMOUNT', 'localDoses.0.amount']]],
    [{ mg: -0.1 }, [['NEGATIVE_AMOUNT', 'localDoses.0.mg']]],
    [{ cartridges: -1 }, [['NEGATIVE_AMOUNT', 'localDoses.0.cartridges']]],
    [{ epiMg: -0.001 }, [['NEGATIVE_AMOUNT', 'localDoses.0.epiMg']]],
    [{ amount: -0.001, unit: 'cartridges' }, [['NEGATIVE_AMOUNT', 'localDoses.0.amount']]],
    [{ amount: 0, mg: 0, cartridges: 0, epiMg: 0 }, []],
    [{ amount: 2, mg: 72, cartridges: 2, epiMg: 0.036 }, []],
    [{ amount: '2' }, [['INVALID_CASE_DATA', 'localDoses.0.amount']]], // not a number
  ])('[CD11] local dose %j gives %j', (dose, expected) => {
    expect(codes({ schemaVersion: V, localDoses: [dose] })).toEqual(expected);
  });

  it('[LA16] reports an implausible custom dilution as a warning at its percent', () => {
    expect(
      validateCaseData({ schemaVersion: V, customDilutions: [{ variantId: 'lidocaine-plain', percent: 0.2 }] }),
    ).toEqual([
      {
        severity: 'warning',
        code: 'CUSTOM_DILUTION_IMPLAUSIBLE',
        path: ['customDilutions', 0, 'percent'],
        message: 'Custom dilution of 0.2% is outside 0.5–2% for Lidocaine 2%: check the percent.',
      },
    ]);
  });

  it('[CD11] says which local dose field is negative', () => {
    expect(validateCaseData({ schemaVersion: V, localDoses: [{ amount: -2, unit: 'cartridges' }] })).toEqual([
      {
        severity: 'error',
        code: 'NEGATIVE_AMOUNT',
        path: ['localDoses', 0, 'amount'],
        message: 'Must not be negative',
      },
    ]);
  });

  it('[CD6] reports the MISSING_DRUG_NAME message and never blocks on unknown keys', () => {
    const [issue] = validateCaseData({ schemaVersion: V, drugsAdministered: [{}], extra: 1 });
    expect(issue).toEqual({
      severity: 'error',
      code: 'MISSING_DRUG_NAME',
      path: ['drugsAdministered', 0, 'name'],
      message: 'Every drug used must have a name',
    });
    expect(validateCaseData({ schemaVersion: V, weight: 1 })[0]!.message).toBe(
      'Value must have value and optional raw properties',
    );
  });

  it.each([[null], [[]], ['text'], [42]])('[CD6] rejects %j as not an object', (data) => {
    expect(codes(data)).toEqual([['INVALID_CASE_DATA', '']]);
  });

  it('[CD6] never throws on arbitrary JSON (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        expect(Array.isArray(validateCaseData(json))).toBe(true);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(
            'weight',
            'height',
            'drugsAdministered',
            'waves',
            'events',
            'schemaVersion',
            'ebl',
            'dischargeScoreEntries',
            'dischargeScoreType',
            'manualVitals',
            'rfr',
          ),
          fc.jsonValue(),
        ),
        (json) => {
          expect(Array.isArray(validateCaseData(json))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('migrations', () => {
  it('[CD5] brings unversioned flat weight and height to { value, raw }, keeping every key', () => {
    const old = { weight: 70, weight_raw: '154 lb', height: 170, custom: 'kept' };
    const r = migrateCaseData(old);
    expect(r.fromVersion).toBe(0);
    expect(r.data).toEqual({
      weight: { value: 70, raw: '154 lb' },
      weight_raw: '154 lb',
      height: { value: 170 },
      custom: 'kept',
      schemaVersion: V,
    });
    expect(validateCaseData(old)).toEqual([]);
  });

  it('[CD5] leaves already-structured measurements and v2 data alone', () => {
    expect(migrateCaseData({ schemaVersion: 1, weight: { value: 70 } }).data).toEqual({
      schemaVersion: 2,
      weight: { value: 70 },
    });
    expect(migrateCaseData({ schemaVersion: 1 }).data).toEqual({ schemaVersion: 2 });
    const v2 = { schemaVersion: V, weight: { value: 1 } };
    expect(migrateCaseData(v2)).toEqual({ data: v2, fromVersion: V, issues: [] });
  });

  it('[CD5] has a migration from every earlier version', () => {
    for (let v = 0; v < V; v++) expect(CASE_DATA_MIGRATIONS[v]).toBeTypeOf('function');
  });

  it.each([
    [{ schemaVersion: V + 1, x: 1 }, 'CASE_DATA_TOO_NEW'],
    [{ schemaVersion: 'two' }, 'INVALID_SCHEMA_VERSION'],
    [{ schemaVersion: -1 }, 'INVALID_SCHEMA_VERSION'],
  ])('[CD5] %j gives %s and keeps the data', (data, code) => {
    const r = migrateCaseData(data);
    expect(r.issues.map((i) => i.code)).toEqual([code]);
    expect(r.data).toEqual(data);
    expect(validateCaseData(data).map((i) => i.code)).toEqual([code]);
  });
});

describe('applyCaseDataUpdate', () => {
  it('[CD7] applies a valid update and removes keys set to undefined', () => {
    const r = applyCaseDataUpdate({ schemaVersion: V, ebl: 5, notes: 'x' }, { ebl: 10, notes: undefined });
    expect(r).toEqual({ ok: true, data: { schemaVersion: V, ebl: 10 }, issues: [] });
  });

  it('[CD7] rejects an update whose result is invalid and keeps the current data', () => {
    const current = { schemaVersion: V, ebl: 5 };
    const r = applyCaseDataUpdate(current, { ebl: -3 });
    expect(r.ok).toBe(false);
    expect(r.data).toEqual(current);
    expect(hasErrors(r.issues)).toBe(true);
  });

  it('[CD7] does not let an old error block an unrelated update, but rejects a new one', () => {
    const legacy = { schemaVersion: V, ebl: 0 }; // invalid before the update
    const ok = applyCaseDataUpdate(legacy, { procedureNotes: 'Tolerated well' });
    expect(ok.ok).toBe(true);
    expect(ok.data).toEqual({ schemaVersion: V, ebl: 0, procedureNotes: 'Tolerated well' });
    expect(ok.issues.map((i) => i.code)).toEqual(['INVALID_POSITIVE_INTEGER']);
    expect(applyCaseDataUpdate(legacy, { finalRoomAirSpO2: 0 }).ok).toBe(false);
  });

  it('[CD7] refuses to write into data from a newer build', () => {
    const r = applyCaseDataUpdate({ schemaVersion: V + 1, x: 1 }, { ebl: 1 });
    expect(r.ok).toBe(false);
    expect(r.data).toEqual({ schemaVersion: V + 1, x: 1 });
  });
});

describe('helpers', () => {
  it.each([
    [
      ['  Verify site  ', '', '   ', 'Consent'],
      ['Verify site', 'Consent'],
    ],
    [' one ', ['one']],
    [null, []],
  ])('[CD8] timeout text %j becomes %j', (value, out) => {
    expect(cleanTimeoutText(value)).toEqual(out);
  });

  it.each([
    [{ name: 'Dr R', memId: 'M1', time: 1 }, true],
    [{ name: 'Dr R', memId: 'M1', time: '2026-01-01' }, true],
    [{ name: 'Dr R', memId: '', time: 1 }, false],
    [{ name: 'Dr R', memId: 'M1' }, false],
    [null, false],
  ])('[CD8] referral %j valid: %s', (rfr, ok) => {
    expect(isValidReferral(rfr)).toBe(ok);
  });

  const site = {
    name: 'hand',
    side: 'left',
    securedWith: 'tape',
    attempts: 1,
    needleGauge: 22,
    time: 1,
    solutions: [{ name: 'LR' }],
  };
  it.each([
    [site, true],
    [{ ...site, side: '' }, false],
    [{ ...site, attempts: undefined }, false],
    [{ ...site, solutions: [] }, false],
    [{ ...site, solutions: [{ name: ' ' }] }, false],
    [{ ...site, solutions: 'LR' }, false],
    [null, false],
  ])('[CD10] IV site %j complete: %s', (s, ok) => {
    expect(isIvSiteComplete(s)).toBe(ok);
  });

  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg"><rect x="0" width="1"/><path d="M0 0L1 1"/></svg>', true],
    ['<?xml version="1.0"?><svg><path d="M0 0"/></svg>', false], // processing instruction
    ['<svg><script>alert(1)</script></svg>', false],
    ['<svg><path onclick="x()" d="M0 0"/></svg>', false],
    ['<svg ONLOAD="x()"></svg>', false],
    ['<svg><g><path/></g></svg>', false], // g is not allowed
    ['<svg>text</svg>', false],
    ['<svg><!-- c --></svg>', false],
    ['<svg><![CDATA[x]]></svg>', false],
    ['<!DOCTYPE svg [<!ENTITY a "b">]><svg>&a;</svg>', false],
    ['<svg/><svg/>', false],
    ['<rect/>', false],
    ['<svg><rect></svg>', false], // not well formed
    ['not xml', false],
    ['', false],
    [42, false],
  ])('[CD3] wave svg %j is safe: %s', (svg, ok) => {
    expect(isSafeWaveSvg(svg)).toBe(ok);
  });
});

describe('addendums', () => {
  const ok = { title: 'T', text: 'x', signerName: 'Dr P', signature: 'M0 0', signatureTime: 1 };
  it.each([
    [[ok], []],
    [[], []],
    ['nope', [['Addendums must be a list', 'addendums']]],
    [[{ ...ok, title: 'a'.repeat(101) }], [['title must be at most 100 characters', 'addendums.0.title']]],
    [[{ ...ok, title: 'a'.repeat(100) }], []],
    [[{ ...ok, text: 'a'.repeat(4001) }], [['text must be at most 4000 characters', 'addendums.0.text']]],
    [
      [{ ...ok, signerName: 'a'.repeat(101) }],
      [['signerName must be at most 100 characters', 'addendums.0.signerName']],
    ],
    [
      [{ ...ok, signature: 'a'.repeat(20001) }],
      [['signature must be at most 20000 characters', 'addendums.0.signature']],
    ],
    [[{ ...ok, signature: '' }], [['signature is required', 'addendums.0.signature']]],
    [[null], [['Addendum must be an object', 'addendums.0']]],
  ])('[CD9] addendum case %# gives %j', (addendums, expected) => {
    const issues = validateAddendums(addendums);
    expect(issues.map((i) => [i.message, i.path.join('.')])).toEqual(expected);
    for (const i of issues) expect(i.code).toBe('INVALID_ADDENDUM');
  });
});
