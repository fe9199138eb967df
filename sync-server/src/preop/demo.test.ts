import { describe, expect, it } from 'vitest';
import { anonymousCaller, type SignedIn } from '../access/caller.js';
import { DEMO_ORGS, DEMO_USER } from '../demo/seed.js';
import { openTestServices } from '../test-services.test-util.js';
import { DEMO_PREOP } from './demo.js';

const ORG = DEMO_ORGS.office.id;

const caller: SignedIn = {
  ...anonymousCaller({ ip: null, userAgent: null, transport: 'graphql' }),
  user: { id: DEMO_USER.id, name: DEMO_USER.name, email: 'demo@vigil.health', emailVerified: true },
  sessionId: 'ses-preop-demo',
  subject: {
    signedIn: true,
    multiFactorValid: true,
    orgs: [{ id: ORG, type: 'regular', roles: ['member', 'admin', 'provider'] }],
  },
};

describe('the demo pre-op list (issue 40)', () => {
  it('shows the coming week with a ready visit, a consent not sent, a consent opened and one with nothing on file', async () => {
    const { services, close } = await openTestServices();
    try {
      const day = new Date();
      const from = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1)).toISOString();
      const to = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 8)).toISOString();
      const rows = await services.preop.list(caller, { orgId: ORG, from, to }, { first: 100, after: null });
      const byId = new Map(rows.map((r) => [r.appointmentId, r]));
      expect(byId.get(DEMO_PREOP.ready.appointmentId)).toMatchObject({
        patientName: expect.stringContaining('Ethan') as string,
        healthHistory: 'signed',
        missing: [],
      });
      expect(byId.get(DEMO_PREOP.ready.appointmentId)!.npo?.byName).toBe(DEMO_USER.name);
      expect(byId.get(DEMO_PREOP.consentMissing.appointmentId)).toMatchObject({
        forms: [{ title: 'Sedation consent', state: 'notSent' }],
        missing: ['healthHistory', 'forms', 'weight', 'allergies', 'npo'],
      });
      expect(byId.get(DEMO_PREOP.opened.appointmentId)).toMatchObject({
        forms: [{ state: 'opened' }],
        allergiesReviewed: true,
        weightRecorded: false,
      });
      // Harold in 6 days: nothing on file, no forms asked.
      expect(rows.some((r) => r.patientName.includes('Harold') && r.missing.length === 4)).toBe(true);
    } finally {
      await close();
    }
  });
});
