import { describe, expect, it } from 'vitest';
import { BAA_TITLE } from '../fhir/contract.js';
import { validateResource } from '../fhir/resources.js';
import {
  BAA_CONTRACT_ID,
  BAA_DOCUMENT,
  baaContract,
  baaView,
  base64ToUtf8,
  contractStillMissing,
  renderContractHtml,
  signatureSvg,
  utf8ToBase64,
  withCompanySignature,
  type BaaValues,
} from './index.js';

const values: BaaValues = { companyName: 'Smile Dental PC', name: 'Dr. Ana Núñez', title: 'Owner' };

describe('contract placeholders (spec 000 §5)', () => {
  it('replaces {{name}} placeholders with the form values', () => {
    expect(renderContractHtml('<p>{{companyName}} by {{name}}</p>', values)).toBe(
      '<p>Smile Dental PC by Dr. Ana Núñez</p>',
    );
  });

  it("shows '(blank)' for a blank or missing value", () => {
    expect(renderContractHtml('{{companyName}} / {{title}} / {{other}}', { companyName: '  ', title: '' })).toBe(
      '(blank) / (blank) / (blank)',
    );
  });

  it('escapes values so a field cannot inject markup', () => {
    expect(renderContractHtml('<p>{{name}}</p>', { name: '<img src=x onerror=alert(1)>' })).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt;</p>',
    );
  });

  it('fills every placeholder of the Business Associate Agreement from its form fields', () => {
    const html = renderContractHtml(BAA_DOCUMENT.html, values);
    expect(html).not.toMatch(/\{\{/);
    expect(html).toContain('<strong>Smile Dental PC</strong>');
    const names = [...BAA_DOCUMENT.html.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
    expect(new Set(names)).toEqual(new Set(BAA_DOCUMENT.form.fields.map((f) => f.name)));
  });
});

describe("contract 'Still Missing:' rule (spec 000 §5)", () => {
  const empty = { companyName: '', name: '', title: '' };
  it.each<[string, Record<string, string>, boolean, string | null, string[]]>([
    [
      'lists every field, the checkbox and the signature when nothing is done',
      empty,
      false,
      null,
      [
        'Covered Entity (legal name of your organization)',
        'Your full name',
        'Your title',
        BAA_DOCUMENT.checkboxText,
        'Signature',
      ],
    ],
    ['counts whitespace as missing', { ...values, title: '   ' }, true, 'M 1 1 L 2 2', ['Your title']],
    ['lists only the unchecked box', values, false, 'M 1 1 L 2 2', [BAA_DOCUMENT.checkboxText]],
    ['lists only the signature', values, true, '', ['Signature']],
    ['is empty once everything is complete', values, true, 'M 1 1 L 2 2', []],
  ])('%s', (_, v, accepted, path, expected) => {
    expect(contractStillMissing(BAA_DOCUMENT, v, accepted, path)).toEqual(expected);
  });
});

describe('the Business Associate Agreement contract (spec 001 §3)', () => {
  const signing = {
    orgId: 'smile',
    memberId: 'prc-abc',
    document: BAA_DOCUMENT,
    values,
    signaturePath: 'M 10 10 L 50 60',
    time: '2026-11-22T02:00:00.000Z',
  };

  it("is a valid Contract titled 'Business Associate Agreement', executed, with the covered entity's signature", () => {
    const contract = baaContract(signing);
    expect(validateResource(contract)).toEqual([]);
    expect(contract).toMatchObject({
      id: BAA_CONTRACT_ID,
      title: BAA_TITLE,
      status: 'executed',
      version: BAA_DOCUMENT.version,
    });
    expect(BAA_TITLE).toBe('Business Associate Agreement');
  });

  it('reads back name, signatureSvg, companyName and time, and the filled text', () => {
    const view = baaView(baaContract(signing));
    expect(view.coveredEntity).toEqual({
      name: 'Dr. Ana Núñez',
      companyName: 'Smile Dental PC',
      time: '2026-11-22T02:00:00.000Z',
      signatureSvg: signatureSvg('M 10 10 L 50 60'),
    });
    expect(view.company).toBeNull();
    expect(view.html).toContain('<strong>Dr. Ana Núñez</strong>, <strong>Owner</strong>');
  });

  it("adds Vigil's countersignature (the company signature) once, only to an agreement the covered entity signed", () => {
    const signed = baaContract(signing);
    const company = { name: 'Ada Vigil', signaturePath: 'M 1 1 L 5 5', time: '2026-11-23T10:00:00.000Z' };
    const countersigned = withCompanySignature(signed, company)!;
    expect(validateResource(countersigned)).toEqual([]);
    expect(baaView(countersigned).company).toEqual({
      name: 'Ada Vigil',
      companyName: 'Vigil',
      time: '2026-11-23T10:00:00.000Z',
      signatureSvg: signatureSvg('M 1 1 L 5 5'),
    });
    expect(baaView(countersigned).coveredEntity?.name).toBe('Dr. Ana Núñez');
    expect(withCompanySignature(countersigned, company)).toBeNull();
    expect(withCompanySignature({ ...signed, signer: [] }, company)).toBeNull();
  });

  it('keeps accented and non-Latin text through base64', () => {
    for (const text of ['', 'a', 'ab', 'abc', 'Núñez', '歯科 ✓ 🦷'])
      expect(base64ToUtf8(utf8ToBase64(text))).toBe(text);
    expect(utf8ToBase64('Man')).toBe('TWFu');
    expect(utf8ToBase64('Ma')).toBe('TWE=');
  });
});
