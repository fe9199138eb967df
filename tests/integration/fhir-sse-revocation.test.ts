import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { orgMember, signInAgain } from '../utils/members.js';
import { fhir, openSse, patientBody } from './fhir-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.dispose();
});

describe('live events after signing out', () => {
  it('deliver nothing more to a stream whose session ended, even while the organisation stays busy', async () => {
    const member = await orgMember(server.url);
    const desk = await signInAgain(server.url, member.email);
    const stream = await openSse(server, member.browser, member.orgId);
    expect(stream.status).toBe(200);

    const first = await fhir(server, desk, 'POST', `${member.orgId}/Patient`, patientBody('Ada', 'Before'));
    expect(first.status).toBe(201);
    await stream.waitFor(1);

    expect((await member.browser.gql('mutation { signOut }')).errors).toBeUndefined();
    // signOut ends every session of the user: sign the desk in again to keep the org busy.
    const desk2 = await signInAgain(server.url, member.email);
    for (let i = 0; i < 3; i++) {
      const r = await fhir(server, desk2, 'POST', `${member.orgId}/Patient`, patientBody('Bea', `After${i}`));
      expect(r.status).toBe(201);
    }
    // The server ends a stream whose session ended as soon as it has an event to send.
    await stream.waitForEnd();
    const names = stream.events
      .filter((e) => e.event === undefined)
      .map((e) => JSON.stringify(e.data))
      .join(' ');
    expect(names).toContain('Before');
    expect(names).not.toContain('After');
    stream.stop();
  });
});
