import { logBeaconInputSchema } from '@vigil/shared';
import { z } from 'zod';
import type { Caller } from '../access/caller.js';
import { refuse } from '../errors.js';
import { parseInput } from '../input.js';
import type { ClientLogStore } from '../store/client-logs/types.js';

/** [CL1] How many beacons one user's browsers may leave a minute; the rest are dropped (answered false). */
export const CLIENT_LOG_LIMIT_PER_MINUTE = 30;
/** [CL1] How long a beacon is kept. */
export const CLIENT_LOG_RETENTION_MS = 30 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

export interface ClientLogsDeps {
  logs: ClientLogStore;
  now: () => number;
}

const inputSchema = logBeaconInputSchema.extend({ orgId: z.string().min(1).max(64).nullish() });

/**
 * The log beacon (spec 000 §7 "log beacons (level info)", issue 41): a signed-in browser's
 * errors at info and above (spec 002 §9's levels), kept on Vigil's own server without any text
 * that could hold patient data (CL1), at most 30 a minute per user, for 30 days (older beacons
 * are removed by the next beacon after an hour has passed since the last removal).
 */
export class ClientLogsService {
  private prunedAt = 0;

  constructor(private readonly own: ClientLogsDeps) {}

  async record(caller: Caller, args: Record<string, unknown>): Promise<boolean> {
    const userId = caller.user?.id ?? null;
    if (userId === null) refuse('NO_AUTHENTICATION');
    const input = parseInput(inputSchema, args);
    const now = this.own.now();
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now;
      await this.own.logs.prune(now - CLIENT_LOG_RETENTION_MS);
    }
    const member = input.orgId != null && caller.subject.orgs.some((o) => o.id === input.orgId);
    return this.own.logs.record(
      {
        ...{ at: now, level: input.level, kind: input.kind, errorName: input.errorName ?? null },
        ...{ code: input.code ?? null, where: input.where ?? null, route: input.route ?? null },
        ...{ appVersion: input.appVersion ?? null, userId, orgId: member ? input.orgId! : null },
      },
      now - 60_000,
      CLIENT_LOG_LIMIT_PER_MINUTE,
    );
  }
}
