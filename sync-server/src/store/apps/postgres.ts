import type { DeliveryStatus, WebhookEvent } from '@vigil/shared';
import type { PageRequest } from '../../pages.js';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import {
  appOf,
  attemptOf,
  installationOf,
  webhookOf,
  type AppRow,
  type AttemptRow,
  type DeliveryRow,
  type InstallationRow,
  type WebhookRow,
} from './rows.js';
import type {
  AppRecord,
  AppStore,
  AttemptRecord,
  DeliveryRecord,
  InstallationRecord,
  TokenRecord,
  WebhookRecord,
} from './types.js';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** BIGINT columns come back as strings: the row with its numbers as SQLite's. */
function numbers<T>(r: Record<string, unknown>, columns: readonly string[]): T {
  const out: Record<string, unknown> = { ...r };
  for (const c of columns) if (c in out) out[c] = num(out[c]);
  return out as T;
}
const TIMES = [
  'created_at',
  'secret_rotated_at',
  'installed_at',
  'uninstalled_at',
  'expires_at',
  'seq',
  'window_start',
  'next_attempt_at',
  'at',
] as const;

/**
 * Apps, installations, tokens and webhooks on PostgreSQL (PG migrations 150, 151, 152; issue 43).
 * One current installation per app and organisation is the partial unique index (of two
 * instances installing at once one wins); an assertion id and a delivery are each claimed by an
 * insert that does nothing on conflict.
 */
export class PostgresAppStore implements AppStore {
  constructor(private readonly db: PostgresDatabase) {}

  private async deliveriesOf(rows: Record<string, unknown>[]): Promise<DeliveryRecord[]> {
    if (rows.length === 0) return [];
    const ds = rows.map((r) => numbers<DeliveryRow>(r, TIMES));
    const { rows: attempts } = await this.db.query(
      'SELECT * FROM webhook_attempts WHERE delivery_id = ANY($1::text[]) ORDER BY n',
      [ds.map((d) => d.id)],
    );
    return ds.map((r) => ({
      id: r.id,
      webhookId: r.webhook_id,
      orgId: r.org_id,
      seq: r.seq,
      event: r.event as WebhookEvent,
      subject: r.subject,
      payload: r.payload,
      createdAt: r.created_at,
      status: r.status as DeliveryStatus,
      windowStart: r.window_start,
      nextAttemptAt: r.next_attempt_at,
      attempts: attempts
        .filter((a) => a.delivery_id === r.id)
        .map((a) => attemptOf(numbers<AttemptRow>(a, ['n', 'at', 'response_status', 'duration_ms']))),
    }));
  }

  async createApp(a: AppRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO apps (id, name, owner_org_id, client_id, secret_hash, scopes, created_at, created_by, secret_rotated_at,
         jwks, jwks_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        a.id,
        a.name,
        a.ownerOrgId,
        a.clientId,
        a.secretHash,
        JSON.stringify(a.scopes),
        a.createdAt,
        a.createdBy,
        a.secretRotatedAt,
        a.jwks,
        a.jwksUrl,
      ],
    );
  }

  async app(id: string): Promise<AppRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM apps WHERE id = $1', [id]);
    return rows[0] ? appOf(numbers<AppRow>(rows[0], TIMES)) : null;
  }

  async appByClientId(clientId: string): Promise<AppRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM apps WHERE client_id = $1', [clientId]);
    return rows[0] ? appOf(numbers<AppRow>(rows[0], TIMES)) : null;
  }

  async apps(): Promise<AppRecord[]> {
    const { rows } = await this.db.query('SELECT * FROM apps ORDER BY created_at, id COLLATE "C"');
    return rows.map((r) => appOf(numbers<AppRow>(r, TIMES)));
  }

  async setSecret(appId: string, secretHash: string, at: number): Promise<void> {
    await this.db.query('UPDATE apps SET secret_hash = $1, secret_rotated_at = $2 WHERE id = $3', [
      secretHash,
      at,
      appId,
    ]);
  }

  claimAssertion(clientId: string, jti: string, expiresAt: number, now: number): Promise<boolean> {
    return this.db.transaction(async () => {
      await this.db.query('DELETE FROM app_assertion_ids WHERE expires_at < $1', [now]);
      const { rowCount } = await this.db.query(
        'INSERT INTO app_assertion_ids (client_id, jti, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [clientId, jti, expiresAt],
      );
      return rowCount === 1;
    });
  }

  async install(i: InstallationRecord): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `INSERT INTO app_installations (id, app_id, org_id, installed_at, installed_by, uninstalled_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [i.id, i.appId, i.orgId, i.installedAt, i.installedBy, i.uninstalledAt],
    );
    return rowCount === 1;
  }

  async installation(id: string): Promise<InstallationRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM app_installations WHERE id = $1', [id]);
    return rows[0] ? installationOf(numbers<InstallationRow>(rows[0], TIMES)) : null;
  }

  async appInstallations(appId: string): Promise<InstallationRecord[]> {
    const { rows } = await this.db.query(
      `SELECT * FROM app_installations WHERE app_id = $1 AND uninstalled_at IS NULL
       ORDER BY installed_at, id COLLATE "C"`,
      [appId],
    );
    return rows.map((r) => installationOf(numbers<InstallationRow>(r, TIMES)));
  }

  async installations(orgId: string): Promise<InstallationRecord[]> {
    const { rows } = await this.db.query(
      `SELECT * FROM app_installations WHERE org_id = $1 AND uninstalled_at IS NULL
       ORDER BY installed_at, id COLLATE "C"`,
      [orgId],
    );
    return rows.map((r) => installationOf(numbers<InstallationRow>(r, TIMES)));
  }

  uninstall(id: string, at: number): Promise<boolean> {
    return this.db.transaction(async () => {
      const { rowCount } = await this.db.query(
        'UPDATE app_installations SET uninstalled_at = $1 WHERE id = $2 AND uninstalled_at IS NULL',
        [at, id],
      );
      if (rowCount !== 1) return false;
      await this.db.query('DELETE FROM app_tokens WHERE installation_id = $1', [id]);
      return true;
    });
  }

  async putToken(t: TokenRecord): Promise<void> {
    await this.db.query(
      'INSERT INTO app_tokens (hash, installation_id, org_id, scopes, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [t.hash, t.installationId, t.orgId, JSON.stringify(t.scopes), t.expiresAt],
    );
  }

  async token(hash: string): Promise<TokenRecord | null> {
    const { rows } = await this.db.query(
      `SELECT t.* FROM app_tokens t JOIN app_installations i ON i.id = t.installation_id
       WHERE t.hash = $1 AND i.uninstalled_at IS NULL`,
      [hash],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      hash: row.hash as string,
      installationId: row.installation_id as string,
      orgId: row.org_id as string,
      scopes: JSON.parse(row.scopes as string) as string[],
      expiresAt: Number(row.expires_at),
    };
  }

  async createWebhook(w: WebhookRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO webhooks (id, installation_id, org_id, url, secret, events, resource_types, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        w.id,
        w.installationId,
        w.orgId,
        w.url,
        w.secret,
        JSON.stringify(w.events),
        JSON.stringify(w.resourceTypes),
        w.createdAt,
      ],
    );
  }

  async webhook(id: string): Promise<WebhookRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM webhooks WHERE id = $1', [id]);
    return rows[0] ? webhookOf(numbers<WebhookRow>(rows[0], TIMES)) : null;
  }

  async webhooks(installationId: string): Promise<WebhookRecord[]> {
    const { rows } = await this.db.query(
      'SELECT * FROM webhooks WHERE installation_id = $1 ORDER BY created_at, id COLLATE "C"',
      [installationId],
    );
    return rows.map((r) => webhookOf(numbers<WebhookRow>(r, TIMES)));
  }

  async activeWebhooks(): Promise<WebhookRecord[]> {
    const { rows } = await this.db.query(
      `SELECT w.* FROM webhooks w JOIN app_installations i ON i.id = w.installation_id
       WHERE i.uninstalled_at IS NULL ORDER BY w.created_at, w.id COLLATE "C"`,
    );
    return rows.map((r) => webhookOf(numbers<WebhookRow>(r, TIMES)));
  }

  async deleteWebhook(id: string): Promise<void> {
    await this.db.query('DELETE FROM webhooks WHERE id = $1', [id]);
  }

  addDelivery(d: DeliveryRecord): Promise<void> {
    return this.db.transaction(async () => {
      const { rowCount } = await this.db.query(
        `INSERT INTO webhook_deliveries (id, webhook_id, org_id, seq, event, subject, payload, created_at, status,
           window_start, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (webhook_id, seq) DO NOTHING`,
        [
          d.id,
          d.webhookId,
          d.orgId,
          d.seq,
          d.event,
          d.subject,
          d.payload,
          d.createdAt,
          d.status,
          d.windowStart,
          d.nextAttemptAt,
        ],
      );
      if (rowCount !== 1) return;
      for (const a of d.attempts) await this.insertAttempt(d.id, a);
    });
  }

  private async insertAttempt(deliveryId: string, a: AttemptRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO webhook_attempts (delivery_id, n, at, request_headers, response_status, response_body, duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [deliveryId, a.n, a.at, a.requestHeaders, a.responseStatus, a.responseBody, a.durationMs],
    );
  }

  async delivery(id: string): Promise<DeliveryRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM webhook_deliveries WHERE id = $1', [id]);
    return (await this.deliveriesOf(rows))[0] ?? null;
  }

  async deliveries(webhookId: string, { first, after }: PageRequest): Promise<DeliveryRecord[]> {
    const { rows } =
      after === null
        ? await this.db.query('SELECT * FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY seq DESC LIMIT $2', [
            webhookId,
            first,
          ])
        : // After the cursor's delivery; an unknown cursor answers nothing.
          await this.db.query(
            `SELECT d.* FROM webhook_deliveries d, webhook_deliveries c WHERE c.id = $1 AND c.webhook_id = d.webhook_id
               AND d.webhook_id = $2 AND d.seq < c.seq ORDER BY d.seq DESC LIMIT $3`,
            [after, webhookId, first],
          );
    return this.deliveriesOf(rows);
  }

  async due(now: number, limit: number): Promise<DeliveryRecord[]> {
    const { rows } = await this.db.query(
      `SELECT d.* FROM webhook_deliveries d
       JOIN webhooks w ON w.id = d.webhook_id
       JOIN app_installations i ON i.id = w.installation_id AND i.uninstalled_at IS NULL
       WHERE d.status = 'pending' AND d.next_attempt_at IS NOT NULL AND d.next_attempt_at <= $1
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.webhook_id = d.webhook_id
           AND e.subject = d.subject AND e.status = 'pending' AND e.seq < d.seq)
       ORDER BY d.seq, d.webhook_id COLLATE "C" LIMIT $2`,
      [now, limit],
    );
    return this.deliveriesOf(rows);
  }

  addAttempt(deliveryId: string, attempt: AttemptRecord, status: DeliveryStatus, next: number | null): Promise<void> {
    return this.db.transaction(async () => {
      await this.insertAttempt(deliveryId, attempt);
      await this.db.query('UPDATE webhook_deliveries SET status = $1, next_attempt_at = $2 WHERE id = $3', [
        status,
        next,
        deliveryId,
      ]);
    });
  }

  async redeliver(deliveryId: string, now: number): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $1, window_start = $1 WHERE id = $2`,
      [now, deliveryId],
    );
    return rowCount === 1;
  }
}
