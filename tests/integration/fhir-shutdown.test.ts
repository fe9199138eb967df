import { describe, expect, it } from 'vitest';
import { startServer } from '../utils/start-server.js';
import { createOrg, openSse, signedInUser } from './fhir-helpers.js';

describe('shutdown with open live-event streams', () => {
  it('stops within seconds, not minutes, while a tablet holds a stream open', async () => {
    const server = await startServer();
    try {
      const user = await signedInUser(server, 'tablet@shutdown.test');
      const org = await createOrg(user, 'shutdown-office');
      const stream = await openSse(server, user.browser, org);
      expect(stream.status).toBe(200);
      const started = Date.now();
      const code = await server.stop('SIGTERM');
      expect(code).toBe(0);
      // Without the shutdown watch the stream would hold close() for its whole 5-minute life.
      expect(Date.now() - started).toBeLessThan(20_000);
      stream.stop();
    } finally {
      await server.dispose();
    }
  });
});
