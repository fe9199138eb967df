import { describe, expect, it } from 'vitest';
import { anonymousCaller, NO_SUDO, type Caller } from '../access/caller.js';
import { demoInventoryService } from './demo-service.test-util.js';

/*
 * Issue 35 item 5: a case signed while a dispense naming it is under way. The service checks the
 * case before the witness and again in one unit of work with the append; here the case is signed
 * between the two checks (as a finalize committing in between would), and nothing is appended.
 */
describe('a ledger entry racing the finalize of its case', () => {
  it('is refused CASE_SIGNED when the case is signed after the first check, and the ledger is unchanged', async () => {
    const now = new Date('2026-11-26T12:00:00Z');
    let checks = 0;
    // Unsigned at the first look, signed from the second on: the finalize committed in between.
    const { service, inventories } = await demoInventoryService(now, {
      isSigned: () => Promise.resolve((checks += 1) > 1),
    });
    const caller: Caller = {
      ...anonymousCaller({ ip: null, userAgent: null, transport: 'graphql' }),
      user: { id: 'usr-demo0000000000', name: 'Demo', email: 'demo@vigil.health', emailVerified: true },
      singleOrg: null,
      subject: {
        signedIn: true,
        multiFactorValid: true,
        orgs: [{ id: 'demo-dental', type: 'regular', roles: ['admin', 'provider', 'member'] }],
      },
      freshSudo: NO_SUDO,
    };
    const before = await inventories.entries('demo-dental');
    const lot = (await inventories.lots('demo-dental')).find((l) => l.drug === 'Midazolam')!;
    await expect(
      service.record(caller, 'demo-dental', {
        kind: 'dispense',
        lotId: lot.id,
        quantity: 5,
        caseId: 'apt-demo0000000001',
      }),
    ).rejects.toMatchObject({ code: 'CASE_SIGNED' });
    expect(checks).toBe(2);
    expect(await inventories.entries('demo-dental')).toEqual(before);
  });
});
