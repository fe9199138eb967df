import { HEALTH_HISTORY_ROOT, isHealthHistory, validateHealthHistory, type Composition } from '@vigil/shared';
import type { ResourceStore } from '../../store/resources/types.js';
import type { DocumentCheck, DocumentKind } from '../hooks.js';
import type { ProjectionInput } from '../projection.js';
import type { RoomAddress } from '../protocol.js';

export interface HealthHistoryKindOptions {
  /** Where the room's Composition is looked up (a room is a health history when it is one, 35089-2). */
  store: Pick<ResourceStore, 'read'>;
  /** The Composition projection (the case's compositionProjector: the content into caseData). */
  project?: (input: ProjectionInput) => void | Promise<void>;
}

/**
 * The health history document (spec 001 §3, spec 002 §3, [HH13]): a room whose Composition is a
 * health history (LOINC 35089-2). Its root is HEALTH_HISTORY_ROOT, its content is checked with
 * healthHistorySchema ([HD1]: issues sent like a case's; an issue never refuses a write) and projected
 * into the Composition's caseData by the same projector as a case. A room's answer is cached:
 * a Composition's type never changes, and a room not yet known as a history (its Composition
 * not created yet) is asked again when it is next loaded.
 */
export function healthHistoryKind(options: HealthHistoryKindOptions): DocumentKind {
  const known = new Set<string>();
  return {
    name: 'healthHistory',
    root: HEALTH_HISTORY_ROOT,
    async matches(address: RoomAddress): Promise<boolean> {
      if (known.has(address.name)) return true;
      const stored = await options.store.read(address.orgId, 'Composition', address.docId);
      const yes = !!stored?.resource && !stored.deleted && isHealthHistory(stored.resource as Composition);
      if (yes) known.add(address.name);
      return yes;
    },
    validate(content: unknown): Promise<DocumentCheck> {
      return Promise.resolve({ issues: validateHealthHistory(content) });
    },
    ...(options.project ? { project: options.project } : {}),
  };
}
