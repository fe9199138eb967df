import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AuditedBridges } from '../bridges/service.js';
import { deliverySchema } from '../bridges/delivery.js';
import { waveformDeliverySchema } from '../bridges/waves.js';
import { AppError, errorBody } from '../errors.js';
import { auditAddress, readJsonBody } from './request.js';

export interface BridgeRoutesDeps {
  bridges: AuditedBridges;
  trustProxy?: boolean;
}

/** 500 readings of a few vitals each, with room to spare. */
const MAX_BODY_BYTES = 512 * 1024;

/**
 * The Vigil Bridge's calls (issue 38; docs/decisions.md, session 28). No cookie or session: the
 * bridge is a device, not a user.
 * - `POST /bridge/pair` `{ code, name }`: a one-time pairing code for a device credential;
 *   201 `{ bridgeId, token, orgId, location }`, 401 PAIRING_CODE_INVALID, 403 TOO_MANY_REQUESTS after
 *   too many wrong codes from the client address (BRIDGE_PAIRING_LIMITS).
 * - `POST /bridge/readings` with `Authorization: Bearer {token}`, `{ monitors, readings }`: 200
 *   `{ taken, charted }` (the ids the bridge may drop from its buffer), 401 BRIDGE_UNAUTHORIZED
 *   for an unknown or revoked credential.
 * - `POST /bridge/waveforms` with the same credential, `{ orgId, monitors, waveforms }` (MON23's
 *   bounds): 200 `{ taken }`; 400 INVALID_INPUT, 401 BRIDGE_UNAUTHORIZED, 403 NOT_AUTHORIZED for
 *   another organisation than the bridge's, 413 WAVEFORMS_TOO_LARGE / BODY_TOO_LARGE, 429
 *   WAVEFORMS_TOO_FREQUENT.
 */
export function bridgeRoutes(deps: BridgeRoutesDeps): Hono {
  const app = new Hono();
  const answer = (run: (c: Context) => Promise<Response>) => async (c: Context) => {
    try {
      return await run(c);
    } catch (err) {
      if (err instanceof AppError) return c.json(errorBody(err), err.status);
      throw err;
    }
  };
  const limit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: 'BODY_TOO_LARGE' }, 413) });
  app.post(
    '/bridge/pair',
    limit,
    answer(async (c) => {
      const body = (await readJsonBody(c)) as { code?: unknown; name?: unknown } | null;
      const paired = await deps.bridges.pair(body?.code, body?.name, auditAddress(c, deps.trustProxy ?? false));
      return c.json(paired, 201);
    }),
  );
  app.post(
    '/bridge/readings',
    limit,
    answer(async (c) => {
      const auth = c.req.header('authorization') ?? '';
      const bridge = await deps.bridges.authenticate(auth.startsWith('Bearer ') ? auth.slice(7).trim() : null);
      const parsed = deliverySchema.safeParse(await readJsonBody(c));
      if (!parsed.success) {
        throw new AppError(
          400,
          'INVALID_INPUT',
          parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        );
      }
      return c.json(await deps.bridges.deliver(bridge, parsed.data), 200);
    }),
  );
  app.post(
    '/bridge/waveforms',
    limit,
    answer(async (c) => {
      const auth = c.req.header('authorization') ?? '';
      const bridge = await deps.bridges.authenticate(auth.startsWith('Bearer ') ? auth.slice(7).trim() : null);
      const parsed = waveformDeliverySchema.safeParse(await readJsonBody(c));
      if (!parsed.success) {
        throw new AppError(
          400,
          'INVALID_INPUT',
          parsed.error.issues
            .slice(0, 5)
            .map((i) => `${i.path.join('.')}: ${i.message}`)
            .join('; '),
        );
      }
      return c.json(await deps.bridges.deliverWaveforms(bridge, parsed.data), 200);
    }),
  );
  return app;
}
