import { createHash, randomBytes } from 'node:crypto';
import type { BridgeStore } from '../store/bridges/types.js';

/** The demo office's paired bridge (issue 38: "the demo data includes a paired demo bridge"). */
export const DEMO_BRIDGE_ID = 'brg-demo00000000';

/**
 * Pairs the demo bridge once, through the pairing the real path uses (a code made for a location,
 * taken by the bridge), with an HL7 monitor and a serial oximeter, last heard at seeding. Its
 * secret is random and never shown: the demo bridge is there to be seen (and revoked) on the
 * office's Monitors and bridges screen; trying the whole path pairs a bridge of one's own with a
 * code. Seeding again keeps what is there.
 */
export async function seedDemoBridge(
  deps: { bridges: BridgeStore },
  orgId: string,
  now: Date,
  author: { userId: string },
): Promise<void> {
  if (await deps.bridges.bridge(DEMO_BRIDGE_ID)) return;
  const at = now.getTime();
  const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
  const codeHash = sha256(randomBytes(16).toString('hex'));
  await deps.bridges.addPairingCode({
    ...{ codeHash, orgId, location: 'Operatory 1', createdBy: author.userId },
    ...{ createdAt: at, expiresAt: at + 60_000 },
  });
  const paired = await deps.bridges.pair(codeHash, at, {
    id: DEMO_BRIDGE_ID,
    name: 'Front desk computer',
    secretHash: sha256(randomBytes(32).toString('base64url')),
  });
  if (!paired) throw new Error('demo bridge: the pairing code was refused');
  await deps.bridges.putMonitors(DEMO_BRIDGE_ID, [
    { key: 'hl7:VIGIL_SIM', label: 'Operatory 1 monitor', protocol: 'hl7', lastReadingAt: at },
    { key: 'serial:/dev/ttyUSB0', label: 'Operatory 1 oximeter', protocol: 'nonin', lastReadingAt: at },
  ]);
}
