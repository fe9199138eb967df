/**
 * Issue 40, against the real server: a patient photo is a Binary the server checks by its bytes
 * (spec 002 §2, §5; IM2, IM5): a WebP of 480 × 480 is kept and named by the patient's photo; bytes
 * that are not the image type they claim, an animation and an image over the photo's bytes are
 * refused, whatever the client said.
 */
import { PATIENT_PHOTOS_MAX } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgMember, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';

const ascii = (s: string): number[] => s.split('').map((c) => c.charCodeAt(0));
const le32 = (n: number): number[] => [n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >>> 24) & 255];
/** A RIFF WEBP file holding one chunk. */
const webpOf = (kind: string, data: number[]): Buffer => {
  const body = [...ascii('WEBP'), ...ascii(kind), ...le32(data.length), ...data, ...(data.length % 2 ? [0] : [])];
  return Buffer.from([...ascii('RIFF'), ...le32(body.length), ...body]);
};
/** A lossy 480 × 480 key frame's header. */
const WEBP_480 = webpOf('VP8 ', [0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, 0xe0, 0x01, 0xe0, 0x01, 1, 2, 3]);
const ANIMATED = webpOf('VP8X', [0x02, 0, 0, 0, 0xdf, 0x01, 0, 0xdf, 0x01, 0]);

let server: TestServer;
let member: OrgMember;

const post = async (type: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
  const cookie = [...member.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${server.url}/api/fhir/${member.orgId}/${type}`, {
    method: 'POST',
    headers: { 'content-type': 'application/fhir+json', cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};
const binary = (contentType: string, bytes: Buffer) =>
  post('Binary', { resourceType: 'Binary', contentType, data: bytes.toString('base64') });

beforeAll(async () => {
  server = await startServer();
  member = await orgMember(server.url);
}, 120_000);
afterAll(async () => {
  await server?.dispose();
});

describe('the patient photo Binary (issue 40)', () => {
  it('keeps a WebP of 480 × 480 and a patient whose photo names it', async () => {
    const kept = await binary('image/webp', WEBP_480);
    expect(kept.status).toBe(201);
    const patient = await post('Patient', {
      resourceType: 'Patient',
      name: [{ given: ['Ada'], family: 'Lovelace' }],
      photo: [{ contentType: 'image/webp', url: `Binary/${String(kept.json.id)}` }],
    });
    expect(patient.status).toBe(201);
  });

  it.each([
    ['text claiming to be WebP', 'image/webp', Buffer.from('not a picture at all')],
    ['WebP bytes claiming to be PNG', 'image/png', WEBP_480],
    ['an animated WebP', 'image/webp', ANIMATED],
  ])('refuses %s by its bytes', async (_name, contentType, bytes) => {
    const refused = await binary(contentType, bytes);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toMatch(/The image (must be one of these formats|is damaged)/);
  });

  it('[PH4] keeps a patient with PATIENT_PHOTOS_MAX photos, the newest first, and refuses one more', async () => {
    const kept = await binary('image/webp', WEBP_480);
    const photo = { contentType: 'image/webp', url: `Binary/${String(kept.json.id)}` };
    const patient = (n: number) => ({
      resourceType: 'Patient',
      name: [{ given: ['Grace'], family: 'Hopper' }],
      photo: Array.from({ length: n }, () => photo),
    });
    expect((await post('Patient', patient(2))).status).toBe(201);
    expect((await post('Patient', patient(PATIENT_PHOTOS_MAX))).status).toBe(201);
    expect((await post('Patient', patient(PATIENT_PHOTOS_MAX + 1))).status).toBe(400);
  });
});
