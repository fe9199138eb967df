import { practitionerDisplayName, practitionerUserId } from '@vigil/shared';
import { useMemo } from 'react';
import { useCachedResources } from '../../data/useResources.js';
import { useSession } from '../../session/SessionProvider.js';
import type { PresetOwnerChoice } from './PresetDialog.js';

/**
 * Whom a new preset may be saved for (spec 002 §6): the user, another member of the office with an
 * account (saved on their behalf, theirs from then on), or the office (its administrators; the
 * server refuses anyone else).
 */
export function usePresetOwners(orgId: string): PresetOwnerChoice[] {
  const { user } = useSession();
  const practitioners = useCachedResources(orgId, 'Practitioner', {}, { complete: true });
  return useMemo(() => {
    const others = (practitioners.data ?? [])
      .map((p) => ({ userId: practitionerUserId(p), name: practitionerDisplayName(p) }))
      .filter((p): p is { userId: string; name: string } => p.userId !== null && p.userId !== user?.id)
      .sort((a, b) => a.name.localeCompare(b.name));
    return [
      { value: 'me', label: 'Me', ownerType: 'user', ownerId: null },
      ...others.map((o) => ({
        value: `user:${o.userId}`,
        label: o.name,
        ownerType: 'otherUser' as const,
        ownerId: o.userId,
      })),
      { value: 'org', label: 'The office (everyone)', ownerType: 'org', ownerId: null },
    ];
  }, [practitioners.data, user?.id]);
}
