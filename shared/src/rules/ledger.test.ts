import { describe, expect, it } from 'vitest';
import {
  LEDGER_CHAIN_GENESIS,
  LEDGER_ENTRY_KINDS,
  LEDGER_TEXTS,
  canonicalLedgerEntry,
  caseRemaining,
  chartedDoses,
  isLotExpired,
  isLotExpiringSoon,
  ledgerChainProblems,
  ledgerEntryHash,
  ledgerEntryIssues,
  ledgerLineDifference,
  ledgerLineReconciles,
  lotBalance,
  reconcileLedger,
  stockDelta,
  type LedgerEntryCheck,
  type LedgerEntryContent,
} from './ledger.js';

const base: LedgerEntryContent = {
  kind: 'receive',
  inventoryId: 'inv-1',
  lotId: 'lot-1',
  quantity: 10,
  caseId: null,
  userId: 'usr-a',
  witnessId: null,
  reason: null,
  expected: null,
  found: null,
  at: 1000,
};
const e = (over: Partial<LedgerEntryContent>): LedgerEntryContent => ({ ...base, ...over });

describe('controlled-substance ledger', () => {
  it("[LG1] has the seven entry kinds of issue 29 and issue 35's correction", () => {
    expect(LEDGER_ENTRY_KINDS).toEqual([
      'receive',
      'dispense',
      'administer',
      'waste',
      'return',
      'adjust',
      'count',
      'correction',
    ]);
  });

  it.each([
    ['receive', null, 10, 10],
    ['return', 'cmp-1', 10, 10],
    ['dispense', 'cmp-1', 10, -10],
    ['waste', null, 10, -10], // a broken vial from the stock
    ['waste', 'cmp-1', 10, 0], // out of what was drawn for the case
    ['administer', null, 10, -10],
    ['administer', 'cmp-1', 10, 0],
    ['adjust', null, -3, -3],
    ['adjust', null, 2, 2],
    ['count', null, 0, 0],
  ] as const)('[LG2] a %s (case %s) of %d changes the stock by %d', (kind, caseId, quantity, delta) => {
    expect(stockDelta({ kind, caseId, quantity })).toBe(delta);
  });

  it.each([
    ['dispense', -4, 4, 4, 0],
    ['waste', 0, -4, 0, 4],
    ['return', 4, -4, 0, 0],
  ] as const)(
    '[LG14] a correction of 4 standing for a %s changes the stock by %d and what is left for the case by %d (drawn %d, wasted %d)',
    (corrects, stock, left, drawn, wasted) => {
      const correction = e({ kind: 'correction', corrects, quantity: 4, caseId: 'c', witnessId: 'usr-b', reason: 'x' });
      expect(stockDelta(correction)).toBe(stock);
      expect(caseRemaining([correction], 'c')).toBe(left);
      const [line] = reconcileLedger([{ ...correction, drug: 'Fentanyl', unit: 'mcg' }], []);
      expect(line).toMatchObject({ drawn, wasted });
    },
  );

  it('[LG14] keeps the canonical form of an entry without a correction as it was (earlier hashes stand)', () => {
    const lot = {
      drug: 'Midazolam',
      strength: '',
      schedule: 'IV' as const,
      lotNumber: 'L1',
      expiry: '2030-01-01',
      unit: 'mg' as const,
      packageAmount: 10,
      gtin: null,
      ndc: null,
      serialNumber: null,
    };
    const plain = canonicalLedgerEntry({ ...e({}), id: 'led-1', orgId: 'o', seq: 1, lot });
    expect(plain).not.toContain('corrects');
    expect(canonicalLedgerEntry({ ...e({ corrects: null }), id: 'led-1', orgId: 'o', seq: 1, lot })).toBe(plain);
    expect(
      canonicalLedgerEntry({ ...e({ kind: 'correction', corrects: 'waste' }), id: 'led-1', orgId: 'o', seq: 1, lot }),
    ).toContain('"corrects":"waste"');
  });

  it('[LG3] the balance sums the stock changes: 50 received − 10 dispensed + 5 returned − 2 adjusted = 43', () => {
    expect(
      lotBalance([
        e({ kind: 'receive', quantity: 50 }),
        e({ kind: 'dispense', quantity: 10, caseId: 'c' }),
        e({ kind: 'waste', quantity: 5, caseId: 'c' }),
        e({ kind: 'return', quantity: 5, caseId: 'c' }),
        e({ kind: 'adjust', quantity: -2, reason: 'broken' }),
        e({ kind: 'count', quantity: 0, found: 43, expected: 43 }),
      ]),
    ).toBe(43);
    // 0.1 + 0.2 mg sums to 0.3, not 0.30000000000000004
    expect(lotBalance([e({ quantity: 0.1 }), e({ quantity: 0.2 })])).toBe(0.3);
  });

  it.each([
    ['2026-11-25', '2026-11-26', true],
    ['2026-11-26', '2026-11-26', false], // usable through its expiry day
    ['2027-01-31', '2026-11-26', false],
  ])('[LG4] a lot expiring %s is expired on %s: %s', (expiry, today, expired) => {
    expect(isLotExpired(expiry, today)).toBe(expired);
  });

  const check = (entry: Partial<LedgerEntryContent>, over: Partial<LedgerEntryCheck> = {}): string[] =>
    ledgerEntryIssues({
      entry: e(entry),
      lot: { drug: 'Midazolam', unit: 'mg', expiry: '2027-06-30' },
      balance: 20,
      caseRemaining: null,
      today: '2026-11-26',
      ...over,
    }).map((i) => i.code);

  it.each([
    ['a receive of 10', { kind: 'receive', quantity: 10 }, {}, []],
    ['a receive of 0', { kind: 'receive', quantity: 0 }, {}, ['INVALID_QUANTITY']],
    ['a receive of NaN', { kind: 'receive', quantity: Number.NaN }, {}, ['INVALID_QUANTITY']],
    [
      'a receive of an expired lot',
      { kind: 'receive', quantity: 10 },
      { lot: { drug: 'Midazolam', unit: 'mg', expiry: '2026-11-25' } },
      ['LOT_EXPIRED'],
    ],
    [
      'a dispense of an expired lot',
      { kind: 'dispense', quantity: 10, caseId: 'c' },
      { lot: { drug: 'Midazolam', unit: 'mg', expiry: '2026-01-01' } },
      ['LOT_EXPIRED'],
    ],
    [
      'a return of an expired lot (it goes back to be destroyed)',
      { kind: 'return', quantity: 5, caseId: 'c' },
      { lot: { drug: 'Midazolam', unit: 'mg', expiry: '2026-01-01' }, caseRemaining: 5 },
      [],
    ],
    ['a dispense without a case', { kind: 'dispense', quantity: 10 }, {}, ['CASE_REQUIRED']],
    ['a dispense past the balance', { kind: 'dispense', quantity: 25, caseId: 'c' }, {}, ['OVER_BALANCE']],
    ['a dispense of the whole balance', { kind: 'dispense', quantity: 20, caseId: 'c' }, {}, []],
    [
      'a waste without a witness',
      { kind: 'waste', quantity: 2, caseId: 'c' },
      { caseRemaining: 5 },
      ['WITNESS_REQUIRED'],
    ],
    [
      'a waste witnessed by the same user',
      { kind: 'waste', quantity: 2, caseId: 'c', witnessId: 'usr-a' },
      { caseRemaining: 5 },
      ['WITNESS_SAME_USER'],
    ],
    ['a witnessed waste', { kind: 'waste', quantity: 2, caseId: 'c', witnessId: 'usr-b' }, { caseRemaining: 5 }, []],
    [
      'a waste past what was drawn for the case',
      { kind: 'waste', quantity: 6, caseId: 'c', witnessId: 'usr-b' },
      { caseRemaining: 5 },
      ['OVER_CASE'],
    ],
    ['a return past what was drawn', { kind: 'return', quantity: 1, caseId: 'c' }, { caseRemaining: 0 }, ['OVER_CASE']],
    ['an adjust without a reason', { kind: 'adjust', quantity: -1, reason: ' ' }, {}, ['REASON_REQUIRED']],
    ['an adjust of 0', { kind: 'adjust', quantity: 0, reason: 'x' }, {}, ['INVALID_QUANTITY']],
    ['an adjust below zero stock', { kind: 'adjust', quantity: -21, reason: 'x' }, {}, ['OVER_BALANCE']],
    ['an adjust with a reason', { kind: 'adjust', quantity: -2, reason: 'Vial broken' }, {}, []],
    ['a count found 18', { kind: 'count', quantity: 0, found: 18 }, {}, []],
    ['a count without found', { kind: 'count', quantity: 0, found: null }, {}, ['INVALID_QUANTITY']],
    ['a count found −1', { kind: 'count', quantity: 0, found: -1 }, {}, ['INVALID_QUANTITY']],
    // Issue 35: a dose given in a case is charted there, so an administer entry naming the case
    // would count it a second time.
    [
      'an administer naming a case',
      { kind: 'administer', quantity: 2, caseId: 'c' },
      { caseRemaining: 5 },
      ['ADMINISTER_CASE'],
    ],
    ['an administer from the stock', { kind: 'administer', quantity: 2 }, {}, []],
    [
      'a witnessed correction (a waste) with a reason',
      { kind: 'correction', corrects: 'waste', quantity: 2, caseId: 'c', witnessId: 'usr-b', reason: 'Not recorded' },
      { caseRemaining: 2 },
      [],
    ],
    [
      'a correction saying nothing',
      { kind: 'correction', quantity: 2 },
      {},
      ['CORRECTS_REQUIRED', 'CASE_REQUIRED', 'WITNESS_REQUIRED', 'CORRECTION_REASON_REQUIRED'],
    ],
    [
      'a correction witnessed by its own author',
      { kind: 'correction', corrects: 'return', quantity: 1, caseId: 'c', witnessId: 'usr-a', reason: 'x' },
      { caseRemaining: 2 },
      ['WITNESS_SAME_USER'],
    ],
    [
      'a correcting waste past what was drawn',
      { kind: 'correction', corrects: 'waste', quantity: 3, caseId: 'c', witnessId: 'usr-b', reason: 'x' },
      { caseRemaining: 2 },
      ['OVER_CASE'],
    ],
    [
      'a correcting draw past the stock',
      { kind: 'correction', corrects: 'dispense', quantity: 21, caseId: 'c', witnessId: 'usr-b', reason: 'x' },
      {},
      ['OVER_BALANCE'],
    ],
  ] as [string, Partial<LedgerEntryContent>, Partial<LedgerEntryCheck>, string[]][])(
    '[LG5] %s → %j',
    (_, entry, over, codes) => {
      expect(check(entry, over)).toEqual(codes);
    },
  );

  it('[LG5] says why in words a clinician understands', () => {
    const issues = ledgerEntryIssues({
      entry: e({ kind: 'waste', quantity: 1, caseId: 'c' }),
      lot: { drug: 'Fentanyl', unit: 'mcg', expiry: '2030-01-01' },
      balance: 0,
      caseRemaining: 1,
      today: '2026-11-26',
    });
    expect(issues.map((i) => i.message)).toEqual([LEDGER_TEXTS.witness]);
    expect(LEDGER_TEXTS.witness).toBe('A waste needs a second person to witness it.');
  });

  it('[LG6] what is left for a case: 10 drawn − 3 wasted − 2 returned = 5 (other cases not counted)', () => {
    const entries = [
      e({ kind: 'dispense', quantity: 10, caseId: 'c1' }),
      e({ kind: 'dispense', quantity: 7, caseId: 'c2' }),
      e({ kind: 'waste', quantity: 3, caseId: 'c1' }),
      e({ kind: 'return', quantity: 2, caseId: 'c1' }),
    ];
    expect(caseRemaining(entries, 'c1')).toBe(5);
    expect(caseRemaining(entries, 'c2')).toBe(7);
    expect(caseRemaining(entries, 'c3')).toBe(0);
  });

  it('[LG7] the canonical form sorts keys and keeps every field, so key order cannot change the hash', () => {
    const lot = {
      drug: 'Midazolam',
      strength: '5 mg/mL, 2 mL vial',
      schedule: 'IV' as const,
      lotNumber: 'A1',
      expiry: '2027-06-30',
      unit: 'mg' as const,
      packageAmount: 10,
      gtin: null,
      ndc: null,
      serialNumber: null,
    };
    const entry = {
      ...e({ kind: 'waste', quantity: 2.5, caseId: 'c', witnessId: 'usr-b' }),
      id: 'le-1',
      orgId: 'o',
      seq: 1,
      lot,
    };
    const text = canonicalLedgerEntry(entry);
    expect(text).toBe(
      '{"at":1000,"caseId":"c","expected":null,"found":null,"id":"le-1","inventoryId":"inv-1","kind":"waste",' +
        '"lot":{"drug":"Midazolam","expiry":"2027-06-30","gtin":null,"lotNumber":"A1","ndc":null,"packageAmount":10,' +
        '"schedule":"IV","serialNumber":null,"strength":"5 mg/mL, 2 mL vial","unit":"mg"},"lotId":"lot-1",' +
        '"orgId":"o","quantity":2.5,"reason":null,"seq":1,"userId":"usr-a","witnessId":"usr-b"}',
    );
    const reordered = Object.fromEntries(Object.entries(entry).reverse()) as typeof entry;
    expect(canonicalLedgerEntry(reordered)).toBe(text);
    // A lot edited in place changes every entry's canonical form.
    expect(canonicalLedgerEntry({ ...entry, lot: { ...lot, expiry: '2029-01-01' } })).not.toBe(text);
  });

  it('[LG8] the chain hash is SHA-256 over the previous hash, a newline and the canonical entry', () => {
    const canonical = '{"id":"le-1"}';
    // Computed independently: printf '%s\n%s' 000…000 '{"id":"le-1"}' | sha256sum
    const expected = '531ad3f214399b2fef8867eff3ca0a19765c8cb970f2db01790abbe85131dcb4';
    expect(ledgerEntryHash(LEDGER_CHAIN_GENESIS, canonical)).toBe(expected);
    expect(ledgerEntryHash('f'.repeat(64), canonical)).not.toBe(expected);
  });

  it('[LG9] an intact chain has no problems; a changed, missing or reordered entry is named', () => {
    const chain = ['{"a":1}', '{"a":2}', '{"a":3}'].reduce<
      { seq: number; canonical: string; prevHash: string; hash: string }[]
    >((acc, canonical, i) => {
      const prevHash = acc.at(-1)?.hash ?? LEDGER_CHAIN_GENESIS;
      return [...acc, { seq: i + 1, canonical, prevHash, hash: ledgerEntryHash(prevHash, canonical) }];
    }, []);
    expect(ledgerChainProblems(chain)).toEqual([]);
    const changed = chain.map((l) => (l.seq === 2 ? { ...l, canonical: '{"a":20}' } : l));
    expect(ledgerChainProblems(changed)).toEqual(['entry 2: was changed after it was written']);
    const missing = chain.filter((l) => l.seq !== 2);
    expect(ledgerChainProblems(missing)).toEqual([
      'entry 3: entry 2 is missing',
      'entry 3: does not follow the previous entry',
    ]);
    const rehashed = chain.map((l) =>
      l.seq === 2 ? { ...l, canonical: '{"a":20}', hash: ledgerEntryHash(l.prevHash, '{"a":20}') } : l,
    );
    // Rewriting one entry's hash as well still breaks the link after it.
    expect(ledgerChainProblems(rehashed)).toEqual(['entry 3: does not follow the previous entry']);
  });

  it('[LG10] reconciles a case: midazolam 10 mg drawn, 2 + 3 mg charted, 5 mg wasted; fentanyl in mcg', () => {
    const lines = reconcileLedger(
      [
        { kind: 'dispense', quantity: 10, drug: 'Midazolam', unit: 'mg' },
        { kind: 'waste', quantity: 5, drug: 'Midazolam', unit: 'mg' },
        { kind: 'dispense', quantity: 100, drug: 'Fentanyl', unit: 'mcg' },
        { kind: 'return', quantity: 50, drug: 'Fentanyl', unit: 'mcg' },
      ],
      [
        { drug: 'midazolam', amount: 2, unit: 'mg' },
        { drug: 'Midazolam ', amount: 3, unit: 'mg' },
        // 0.025 mg = 25 mcg
        { drug: 'Fentanyl', amount: 0.025, unit: 'mg' },
        { drug: 'Propofol', amount: 50, unit: 'mg' }, // not drawn from an inventory: no line
        { drug: 'Fentanyl', amount: 1, unit: 'mL' }, // not a mass: left out
      ],
    );
    expect(lines).toEqual([
      { drug: 'Midazolam', unit: 'mg', drawn: 10, given: 5, wasted: 5, returned: 0 },
      { drug: 'Fentanyl', unit: 'mcg', drawn: 100, given: 25, wasted: 0, returned: 50 },
    ]);
    expect(lines.map(ledgerLineReconciles)).toEqual([true, false]);
    // 100 − 25 − 0 − 50 = 25 mcg unaccounted for
    expect(ledgerLineDifference(lines[1]!)).toBe(25);
  });

  it('[LG10] counts administer entries as given', () => {
    expect(
      reconcileLedger(
        [
          { kind: 'dispense', quantity: 4, drug: 'Midazolam', unit: 'mg' },
          { kind: 'administer', quantity: 4, drug: 'Midazolam', unit: 'mg' },
        ],
        [],
      ),
    ).toEqual([{ drug: 'Midazolam', unit: 'mg', drawn: 4, given: 4, wasted: 0, returned: 0 }]);
  });

  it.each([
    [{ drawn: 10, given: 5, wasted: 5, returned: 0 }, true, 0],
    [{ drawn: 10, given: 5, wasted: 0, returned: 0 }, false, 5],
    [{ drawn: 10, given: 8, wasted: 3, returned: 0 }, false, -1],
    [{ drawn: 0.3, given: 0.1, wasted: 0.2, returned: 0 }, true, 0],
  ])('[LG11] %j reconciles: %s (difference %d)', (q, ok, diff) => {
    const line = { drug: 'Midazolam', unit: 'mg', ...q };
    expect(ledgerLineReconciles(line)).toBe(ok);
    expect(ledgerLineDifference(line)).toBe(diff);
  });

  it('[LG12] reads the charted doses of a stored case: drug list doses and pre-meds, nothing else', () => {
    expect(
      chartedDoses({
        drugsAdministered: [
          { id: 'd1', name: 'Midazolam', drugId: 'midazolam', doses: [{ amount: 2, unit: 'mg' }, { amount: 'x' }] },
          { id: 'd2', name: 'Midazolam', drugId: 'midazolam', drawn: { amount: 10, unit: 'mg', time: 1 } },
          { id: 'd3' },
        ],
        preMeds: [{ drugName: 'Midazolam', dosage: 7.5, unit: 'mg' }],
      }),
    ).toEqual([
      { drug: 'Midazolam', amount: 2, unit: 'mg' },
      { drug: 'Midazolam', amount: 7.5, unit: 'mg' },
    ]);
    expect(chartedDoses(null)).toEqual([]);
    expect(chartedDoses({ drugsAdministered: 'nope' })).toEqual([]);
  });

  it.each([
    ['2027-02-24', '2026-11-26', true], // 90 days
    ['2027-02-25', '2026-11-26', false], // 91 days
    ['2026-11-26', '2026-11-26', true],
    ['2026-11-25', '2026-11-26', false], // expired, not "soon"
  ])('[LG13] a lot expiring %s on %s expires soon: %s', (expiry, today, soon) => {
    expect(isLotExpiringSoon(expiry, today)).toBe(soon);
  });
});
