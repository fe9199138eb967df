import type { DeliveryStatus, WebhookEvent } from '@vigil/shared';
import type { PageRequest } from '../../pages.js';
import { assertSerialized, serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import {
  appOf,
  attemptOf,
  installationOf,
  webhookOf,
  type AppRow,
  type AttemptRow,
  type DeliveryRow,
  type InstallationRow,
  type TokenRow,
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

/** Apps, installations, tokens and webhooks over better-sqlite3 (migrations 150, 151, 152, 185). */
export class SqliteAppStore implements AppStore {
  constructor(private readonly db: Db) {}

  private deliveryOf(r: DeliveryRow): DeliveryRecord {
    assertSerialized(this.db);
    const attempts = this.db
      .prepare('SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY n')
      .all(r.id) as AttemptRow[];
    return {
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
      attempts: attempts.map(attemptOf),
    };
  }

  createApp(a: AppRecord): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO apps (id, name, owner_org_id, client_id, secret_hash, scopes, created_at, created_by, secret_rotated_at, jwks, jwks_url)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
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
        );
    });
  }

  app(id: string): Promise<AppRecord | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM apps WHERE id = ?').get(id) as AppRow | undefined;
      return row ? appOf(row) : null;
    });
  }

  appByClientId(clientId: string): Promise<AppRecord | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM apps WHERE client_id = ?').get(clientId) as AppRow | undefined;
      return row ? appOf(row) : null;
    });
  }

  apps(): Promise<AppRecord[]> {
    return serialized(this.db, () =>
      (this.db.prepare('SELECT * FROM apps ORDER BY created_at, id').all() as AppRow[]).map(appOf),
    );
  }

  setSecret(appId: string, secretHash: string, at: number): Promise<void> {
    return serialized(this.db, () => {
      this.db.prepare('UPDATE apps SET secret_hash = ?, secret_rotated_at = ? WHERE id = ?').run(secretHash, at, appId);
    });
  }

  claimAssertion(clientId: string, jti: string, expiresAt: number, now: number): Promise<boolean> {
    return serialized(this.db, () =>
      this.db.transaction(() => {
        this.db.prepare('DELETE FROM app_assertion_ids WHERE expires_at < ?').run(now);
        return (
          this.db
            .prepare(
              'INSERT INTO app_assertion_ids (client_id, jti, expires_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
            )
            .run(clientId, jti, expiresAt).changes === 1
        );
      })(),
    );
  }

  install(i: InstallationRecord): Promise<boolean> {
    return serialized(this.db, () => {
      const result = this.db
        .prepare(
          `INSERT INTO app_installations (id, app_id, org_id, installed_at, installed_by, uninstalled_at)
           VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        )
        .run(i.id, i.appId, i.orgId, i.installedAt, i.installedBy, i.uninstalledAt);
      return result.changes === 1;
    });
  }

  installation(id: string): Promise<InstallationRecord | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM app_installations WHERE id = ?').get(id) as
        InstallationRow | undefined;
      return row ? installationOf(row) : null;
    });
  }

  appInstallations(appId: string): Promise<InstallationRecord[]> {
    return serialized(this.db, () =>
      (
        this.db
          .prepare(
            'SELECT * FROM app_installations WHERE app_id = ? AND uninstalled_at IS NULL ORDER BY installed_at, id',
          )
          .all(appId) as InstallationRow[]
      ).map(installationOf),
    );
  }

  installations(orgId: string): Promise<InstallationRecord[]> {
    return serialized(this.db, () =>
      (
        this.db
          .prepare(
            'SELECT * FROM app_installations WHERE org_id = ? AND uninstalled_at IS NULL ORDER BY installed_at, id',
          )
          .all(orgId) as InstallationRow[]
      ).map(installationOf),
    );
  }

  uninstall(id: string, at: number): Promise<boolean> {
    return serialized(this.db, () =>
      this.db.transaction(() => {
        const done = this.db
          .prepare('UPDATE app_installations SET uninstalled_at = ? WHERE id = ? AND uninstalled_at IS NULL')
          .run(at, id);
        if (done.changes === 0) return false;
        this.db.prepare('DELETE FROM app_tokens WHERE installation_id = ?').run(id);
        return true;
      })(),
    );
  }

  putToken(t: TokenRecord): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare('INSERT INTO app_tokens (hash, installation_id, org_id, scopes, expires_at) VALUES (?, ?, ?, ?, ?)')
        .run(t.hash, t.installationId, t.orgId, JSON.stringify(t.scopes), t.expiresAt);
    });
  }

  token(hash: string): Promise<TokenRecord | null> {
    return serialized(this.db, () => {
      const row = this.db
        .prepare(
          `SELECT t.* FROM app_tokens t JOIN app_installations i ON i.id = t.installation_id
           WHERE t.hash = ? AND i.uninstalled_at IS NULL`,
        )
        .get(hash) as TokenRow | undefined;
      if (!row) return null;
      return {
        hash: row.hash,
        installationId: row.installation_id,
        orgId: row.org_id,
        scopes: JSON.parse(row.scopes) as string[],
        expiresAt: row.expires_at,
      };
    });
  }

  createWebhook(w: WebhookRecord): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO webhooks (id, installation_id, org_id, url, secret, events, resource_types, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          w.id,
          w.installationId,
          w.orgId,
          w.url,
          w.secret,
          JSON.stringify(w.events),
          JSON.stringify(w.resourceTypes),
          w.createdAt,
        );
    });
  }

  webhook(id: string): Promise<WebhookRecord | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM webhooks WHERE id = ?').get(id) as WebhookRow | undefined;
      return row ? webhookOf(row) : null;
    });
  }

  webhooks(installationId: string): Promise<WebhookRecord[]> {
    return serialized(this.db, () =>
      (
        this.db
          .prepare('SELECT * FROM webhooks WHERE installation_id = ? ORDER BY created_at, id')
          .all(installationId) as WebhookRow[]
      ).map(webhookOf),
    );
  }

  activeWebhooks(): Promise<WebhookRecord[]> {
    return serialized(this.db, () =>
      (
        this.db
          .prepare(
            `SELECT w.* FROM webhooks w JOIN app_installations i ON i.id = w.installation_id
             WHERE i.uninstalled_at IS NULL ORDER BY w.created_at, w.id`,
          )
          .all() as WebhookRow[]
      ).map(webhookOf),
    );
  }

  deleteWebhook(id: string): Promise<void> {
    return serialized(this.db, () => {
      this.db.prepare('DELETE FROM webhooks WHERE id = ?').run(id);
    });
  }

  addDelivery(d: DeliveryRecord): Promise<void> {
    return serialized(this.db, () =>
      this.db.transaction(() => {
        const added = this.db
          .prepare(
            `INSERT INTO webhook_deliveries (id, webhook_id, org_id, seq, event, subject, payload, created_at, status, window_start, next_attempt_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (webhook_id, seq) DO NOTHING`,
          )
          .run(
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
          );
        if (added.changes === 0) return;
        for (const a of d.attempts) this.insertAttempt(d.id, a);
      })(),
    );
  }

  private insertAttempt(deliveryId: string, a: AttemptRecord): void {
    assertSerialized(this.db);
    this.db
      .prepare(
        `INSERT INTO webhook_attempts (delivery_id, n, at, request_headers, response_status, response_body, duration_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(deliveryId, a.n, a.at, a.requestHeaders, a.responseStatus, a.responseBody, a.durationMs);
  }

  delivery(id: string): Promise<DeliveryRecord | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM webhook_deliveries WHERE id = ?').get(id) as DeliveryRow | undefined;
      return row ? this.deliveryOf(row) : null;
    });
  }

  deliveries(webhookId: string, { first, after }: PageRequest): Promise<DeliveryRecord[]> {
    return serialized(this.db, () => {
      const rows =
        after === null
          ? this.db
              .prepare('SELECT * FROM webhook_deliveries WHERE webhook_id = ? ORDER BY seq DESC LIMIT ?')
              .all(webhookId, first)
          : // After the cursor's delivery; an unknown cursor answers nothing.
            this.db
              .prepare(
                `SELECT d.* FROM webhook_deliveries d, webhook_deliveries c WHERE c.id = ? AND c.webhook_id = d.webhook_id
                   AND d.webhook_id = ? AND d.seq < c.seq ORDER BY d.seq DESC LIMIT ?`,
              )
              .all(after, webhookId, first);
      return (rows as DeliveryRow[]).map((r) => this.deliveryOf(r));
    });
  }

  due(now: number, limit: number): Promise<DeliveryRecord[]> {
    return serialized(this.db, () =>
      (
        this.db
          .prepare(
            `SELECT d.* FROM webhook_deliveries d
             JOIN webhooks w ON w.id = d.webhook_id
             JOIN app_installations i ON i.id = w.installation_id AND i.uninstalled_at IS NULL
             WHERE d.status = 'pending' AND d.next_attempt_at IS NOT NULL AND d.next_attempt_at <= ?
               AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.webhook_id = d.webhook_id
                 AND e.subject = d.subject AND e.status = 'pending' AND e.seq < d.seq)
             ORDER BY d.seq, d.webhook_id LIMIT ?`,
          )
          .all(now, limit) as DeliveryRow[]
      ).map((r) => this.deliveryOf(r)),
    );
  }

  addAttempt(deliveryId: string, attempt: AttemptRecord, status: DeliveryStatus, next: number | null): Promise<void> {
    return serialized(this.db, () =>
      this.db.transaction(() => {
        this.insertAttempt(deliveryId, attempt);
        this.db
          .prepare('UPDATE webhook_deliveries SET status = ?, next_attempt_at = ? WHERE id = ?')
          .run(status, next, deliveryId);
      })(),
    );
  }

  redeliver(deliveryId: string, now: number): Promise<boolean> {
    return serialized(
      this.db,
      () =>
        this.db
          .prepare(
            `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ?, window_start = ? WHERE id = ?`,
          )
          .run(now, now, deliveryId).changes === 1,
    );
  }
}
