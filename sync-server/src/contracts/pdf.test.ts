import { CONTRACT_APPOINTMENT_EXTENSION, fillFormMarkdown, pngFile, type Contract, type Patient } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { CONTRACT_EXTENSIONS } from './patient.js';
import { contractHtml, contractTime, sanitizeContractHtml, timeZoneOrNull } from './pdf.js';

const CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '[x](javascript:alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD4=)',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '<a href="javascript:alert(1)">x</a>',
  '"><script>alert(1)</script>',
];

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
const patient: Patient = { resourceType: 'Patient', id: 'pat-1', name: [{ given: ['Ana'], family: 'Lopez' }] };

function contract(markdown: string, answer: string): Contract {
  return {
    resourceType: 'Contract',
    id: 'ctr-1',
    status: 'executed',
    title: answer,
    version: '2026-01-01T00:00:00.000Z',
    subject: [{ reference: 'Patient/pat-1' }],
    extension: [
      { url: CONTRACT_APPOINTMENT_EXTENSION, valueReference: { reference: 'Appointment/apt-1' } },
      {
        url: CONTRACT_EXTENSIONS.values,
        valueString: JSON.stringify({ notes: answer, allergies: [{ name: answer }] }),
      },
    ],
    signer: [
      {
        type: { code: 'x' },
        party: { display: answer },
        signature: [{ type: [{ code: 'x' }], when: '2026-01-01T00:00:00Z', who: { display: answer }, data: 'AAAA' }],
      },
    ],
    legal: [{ contentAttachment: { contentType: 'text/markdown', data: b64(markdown) } }],
  };
}

/** Markup that could run: a script-capable tag, an event handler, a script or HTML URL. */
function dangerous(html: string): string[] {
  const found: string[] = [];
  if (/<\s*(script|iframe|svg|object|embed)/i.test(html)) found.push('tag');
  if (/<[^>]+\son[a-z]+\s*=/i.test(html)) found.push('handler');
  if (/<[^>]+\s(href|src)\s*=\s*"?\s*(javascript|vbscript|data:text|data:image\/svg)/i.test(html)) found.push('url');
  return found;
}

describe('the contract PDF page', () => {
  it('[PF4] prints the XSS corpus from the form text, the answers and the signer only as text', () => {
    for (const attack of CORPUS) {
      const html = contractHtml(contract(`# Consent\n\n${attack}`, attack), patient, attack);
      expect({ attack, found: dangerous(html) }).toEqual({ attack, found: [] });
    }
    const html = contractHtml(contract('Hello **{{x}}**', 'Ana'), patient, 'Office');
    expect(html).toContain('<strong>');
    expect(html).toContain('Ana Lopez');
    expect(html).toContain('Signed by Ana on 2026-01-01 00:00 (UTC)');
  });

  it('[IM2] prints a stored signature or selfie only within its bounds; past them it says why instead', () => {
    const png = (width: number, height: number, depth = 8): string =>
      Buffer.from(
        pngFile({ width, height, depth, colour: 0 }, new Uint8Array((1 + Math.ceil((width * depth) / 8)) * height)),
      ).toString('base64');
    const signed = (data: string, selfie?: string): Contract => {
      const c = contract('I agree.', 'Ana');
      c.signer![0]!.signature[0]!.data = data;
      if (selfie)
        c.extension!.push({
          url: CONTRACT_EXTENSIONS.selfie,
          valueAttachment: { contentType: 'image/png', data: selfie },
        });
      return c;
    };
    const small = png(660, 300);
    const ok = contractHtml(signed(small, png(480, 480)), patient, 'Office');
    expect(ok).toContain(`<img alt="Signature" src="data:image/png;base64,${small}">`);
    expect(ok).toContain('<img alt="Selfie"');
    // A contract kept before images were bounded: 20000 × 20000 at 1 bit, ~50 KB.
    const bomb = contractHtml(signed(png(20000, 20000, 1), png(481, 481)), patient, 'Office');
    expect(bomb).not.toContain('<img');
    expect(bomb).toContain('Signature not shown: The image is too large: it may be at most 3000 × 1500 pixels.');
    expect(bomb).toContain('Selfie not shown: The image is too large: it may be at most 480 × 480 pixels.');
    expect(bomb).toContain('Signed by Ana on 2026-01-01 00:00 (UTC)');
  });

  it("[PF8] prints the patient's typed answers in the form's text literally, the office's Markdown as Markdown", () => {
    const typed = '**bold** [link](http://x) # heading <img src=x>';
    const html = contractHtml(
      contract(fillFormMarkdown('I, {{name}}, agree to **sedation**.', { name: typed }), 'Ana'),
      patient,
      'Office',
    );
    expect(html).toContain(
      '<p>I, **bold** [link](http://x) # heading &lt;img src=x&gt;, agree to <strong>sedation</strong>.</p>',
    );
  });

  it('[PF4] keeps Markdown tags and raster data images, drops everything else', () => {
    expect(sanitizeContractHtml('<p onclick="x">a</p><script>b</script>')).toBe('<p>a</p>');
    expect(sanitizeContractHtml('<img src="data:image/jpeg;base64,AAAA">')).toBe(
      '<img src="data:image/jpeg;base64,AAAA" />',
    );
    expect(sanitizeContractHtml('<img src="https://tracker.example/x.png">')).toBe('');
    expect(sanitizeContractHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
  });

  it("prints the organisation's name (never its id) and every time in the reader's time zone", () => {
    const html = contractHtml(contract('Hello', 'Ana'), patient, 'Bright Smile Dental', 'America/New_York');
    // 2026-01-01T00:00:00Z is 2025-12-31 19:00 in New York (UTC-5 in winter).
    expect(html).toContain('Bright Smile Dental · Patient: Ana Lopez');
    expect(html).toContain('Version 2025-12-31 19:00 (America/New_York)');
    expect(html).toContain('on 2025-12-31 19:00 (America/New_York)');
    expect(html).not.toContain('2026-01-01T00:00');
    const unnamed = contractHtml(contract('Hello', 'Ana'), patient, null);
    expect(unnamed).toContain('<div class="meta">Patient: Ana Lopez');
    expect(unnamed).toContain('Version 2026-01-01 00:00 (UTC)');
  });

  it("prints each answer under the field's label as the patient read it, a health history as labelled questions", () => {
    const signed = contract('Hello', 'Ana');
    signed.extension = [
      ...signed.extension!.filter((e) => e.url !== CONTRACT_EXTENSIONS.values),
      {
        url: CONTRACT_EXTENSIONS.values,
        valueString: JSON.stringify({
          history: { answers: { cardiac: 'yes', 'cardiac.hypertension': 'yes', renal: 'unsure' }, notes: 'Pills' },
          meds: [{ name: 'Lisinopril', dose: '10 mg' }],
        }),
      },
      { url: CONTRACT_EXTENSIONS.labels, valueString: JSON.stringify({ history: 'Health History' }) },
    ];
    const html = contractHtml(signed, patient, null);
    expect(html).toContain(
      '<tr><th>Health History</th><td>Cardiovascular: Yes (Hypertension)<br>Renal: Not sure<br>Notes: Pills</td></tr>',
    );
    expect(html).not.toContain('cardiac');
    // A contract signed before the labels were kept prints the field's name.
    expect(html).toContain('<tr><th>meds</th><td>Lisinopril — 10 mg</td></tr>');
  });

  it('reads only known time zones; a text that is no time prints as it is', () => {
    expect(timeZoneOrNull('Europe/Paris')).toBe('Europe/Paris');
    expect(timeZoneOrNull('Mars/Olympus')).toBeNull();
    expect(timeZoneOrNull(undefined)).toBeNull();
    expect(contractTime('soon', 'UTC')).toBe('soon');
  });
});
