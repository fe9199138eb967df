import { currentLegalAcceptances } from '@vigil/shared';
import type { LegalAcceptanceStore } from '../store/legal/types.js';

/**
 * Issue 40: the demo's people accepted the current terms and privacy policy when the demo was
 * seeded, so signing in as them opens the app, not the acceptance dialog. Idempotent: an
 * acceptance recorded again keeps its first time.
 */
export async function seedDemoLegal(store: LegalAcceptanceStore, userIds: readonly string[], now: Date): Promise<void> {
  for (const userId of userIds) {
    for (const a of currentLegalAcceptances()) {
      await store.add({ userId, document: a.document, version: a.version, acceptedAt: now.getTime() });
    }
  }
}
