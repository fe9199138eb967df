import type { AnalyticsEventName } from '@vigil/shared';
import { graphql, knownOffline } from './graphql.js';

/**
 * Sends one of spec 000 §7's analytics events to Vigil's own server (the beacon,
 * trackAnalyticsEvent): the name and the organisation only, never anything about a patient. A
 * beacon that fails is dropped: analytics never stand in a user's way. Offline (a tablet opening
 * the Case Manager without network) it is not sent and not queued: a beacon replayed later would
 * carry the wrong time and compete with the clinical outbox for the returning network.
 */
export function trackEvent(name: AnalyticsEventName, orgId: string | null = null): void {
  if (knownOffline()) return;
  Promise.resolve()
    .then(() =>
      graphql<{ trackAnalyticsEvent: boolean }>(
        'mutation ($name: String!, $orgId: String) { trackAnalyticsEvent(name: $name, orgId: $orgId) }',
        { name, orgId },
      ),
    )
    .catch(() => undefined);
}
