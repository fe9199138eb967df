import type { PageRequest } from '../../pages.js';
import { MemoryDatabase } from '../memory/database.js';
import type {
  AppRecord,
  AppStore,
  AttemptRecord,
  DeliveryRecord,
  InstallationRecord,
  TokenRecord,
  WebhookRecord,
} from './types.js';
import type { DeliveryStatus } from '@vigil/shared';

interface State {
  apps: AppRecord[];
  installations: InstallationRecord[];
  tokens: TokenRecord[];
  webhooks: WebhookRecord[];
  deliveries: DeliveryRecord[];
  assertions: { clientId: string; jti: string; expiresAt: number }[];
}

const copy = <T>(v: T): T => structuredClone(v);

/** Apps, installations, tokens and webhooks in memory: the second implementation of the contract. */
export class MemoryAppStore implements AppStore {
  private readonly t;

  constructor(private readonly db = new MemoryDatabase()) {
    this.t = db.table<State>({ apps: [], installations: [], tokens: [], webhooks: [], deliveries: [], assertions: [] });
  }

  private get s(): State {
    return this.t.value;
  }

  private installed(installationId: string): boolean {
    return this.s.installations.some((i) => i.id === installationId && i.uninstalledAt === null);
  }

  createApp(app: AppRecord): Promise<void> {
    return this.db.run(() => {
      if (this.s.apps.some((a) => a.id === app.id || a.clientId === app.clientId)) throw new Error('duplicate app');
      this.s.apps.push(copy(app));
    });
  }

  app(id: string): Promise<AppRecord | null> {
    return this.db.run(() => copy(this.s.apps.find((a) => a.id === id) ?? null));
  }

  appByClientId(clientId: string): Promise<AppRecord | null> {
    return this.db.run(() => copy(this.s.apps.find((a) => a.clientId === clientId) ?? null));
  }

  apps(): Promise<AppRecord[]> {
    return this.db.run(() =>
      copy([...this.s.apps].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))),
    );
  }

  setSecret(appId: string, secretHash: string, at: number): Promise<void> {
    return this.db.run(() => {
      const app = this.s.apps.find((a) => a.id === appId);
      if (app) Object.assign(app, { secretHash, secretRotatedAt: at });
    });
  }

  claimAssertion(clientId: string, jti: string, expiresAt: number, now: number): Promise<boolean> {
    return this.db.run(() => {
      this.s.assertions = this.s.assertions.filter((a) => a.expiresAt >= now);
      if (this.s.assertions.some((a) => a.clientId === clientId && a.jti === jti)) return false;
      this.s.assertions.push({ clientId, jti, expiresAt });
      return true;
    });
  }

  install(installation: InstallationRecord): Promise<boolean> {
    return this.db.run(() => {
      const { appId, orgId } = installation;
      if (this.s.installations.some((i) => i.appId === appId && i.orgId === orgId && i.uninstalledAt === null)) {
        return false;
      }
      this.s.installations.push(copy(installation));
      return true;
    });
  }

  installation(id: string): Promise<InstallationRecord | null> {
    return this.db.run(() => copy(this.s.installations.find((i) => i.id === id) ?? null));
  }

  appInstallations(appId: string): Promise<InstallationRecord[]> {
    return this.db.run(() =>
      copy(
        this.s.installations
          .filter((i) => i.appId === appId && i.uninstalledAt === null)
          .sort((a, b) => a.installedAt - b.installedAt || a.id.localeCompare(b.id)),
      ),
    );
  }

  installations(orgId: string): Promise<InstallationRecord[]> {
    return this.db.run(() =>
      copy(
        this.s.installations
          .filter((i) => i.orgId === orgId && i.uninstalledAt === null)
          .sort((a, b) => a.installedAt - b.installedAt || a.id.localeCompare(b.id)),
      ),
    );
  }

  uninstall(id: string, at: number): Promise<boolean> {
    return this.db.run(() => {
      const inst = this.s.installations.find((i) => i.id === id && i.uninstalledAt === null);
      if (!inst) return false;
      inst.uninstalledAt = at;
      this.s.tokens = this.s.tokens.filter((t) => t.installationId !== id);
      return true;
    });
  }

  putToken(token: TokenRecord): Promise<void> {
    return this.db.run(() => void this.s.tokens.push(copy(token)));
  }

  token(hash: string): Promise<TokenRecord | null> {
    return this.db.run(() => {
      const token = this.s.tokens.find((t) => t.hash === hash);
      return token && this.installed(token.installationId) ? copy(token) : null;
    });
  }

  createWebhook(webhook: WebhookRecord): Promise<void> {
    return this.db.run(() => void this.s.webhooks.push(copy(webhook)));
  }

  webhook(id: string): Promise<WebhookRecord | null> {
    return this.db.run(() => copy(this.s.webhooks.find((w) => w.id === id) ?? null));
  }

  webhooks(installationId: string): Promise<WebhookRecord[]> {
    return this.db.run(() =>
      copy(
        this.s.webhooks
          .filter((w) => w.installationId === installationId)
          .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id)),
      ),
    );
  }

  activeWebhooks(): Promise<WebhookRecord[]> {
    return this.db.run(() =>
      copy(
        this.s.webhooks
          .filter((w) => this.installed(w.installationId))
          .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id)),
      ),
    );
  }

  deleteWebhook(id: string): Promise<void> {
    return this.db.run(() => {
      this.s.webhooks = this.s.webhooks.filter((w) => w.id !== id);
      this.s.deliveries = this.s.deliveries.filter((d) => d.webhookId !== id);
    });
  }

  addDelivery(delivery: DeliveryRecord): Promise<void> {
    return this.db.run(() => {
      if (this.s.deliveries.some((d) => d.webhookId === delivery.webhookId && d.seq === delivery.seq)) return;
      this.s.deliveries.push(copy(delivery));
    });
  }

  delivery(id: string): Promise<DeliveryRecord | null> {
    return this.db.run(() => copy(this.s.deliveries.find((d) => d.id === id) ?? null));
  }

  deliveries(webhookId: string, { first, after }: PageRequest): Promise<DeliveryRecord[]> {
    return this.db.run(() => {
      const mine = this.s.deliveries.filter((d) => d.webhookId === webhookId).sort((a, b) => b.seq - a.seq);
      const cursor = after === null ? null : mine.find((d) => d.id === after);
      if (after !== null && !cursor) return [];
      return copy(mine.filter((d) => !cursor || d.seq < cursor.seq).slice(0, first));
    });
  }

  due(now: number, limit: number): Promise<DeliveryRecord[]> {
    return this.db.run(() => {
      const live = new Set(this.s.webhooks.filter((w) => this.installed(w.installationId)).map((w) => w.id));
      const heads = new Map<string, DeliveryRecord>();
      for (const d of [...this.s.deliveries].sort((a, b) => a.seq - b.seq)) {
        if (d.status !== 'pending' || !live.has(d.webhookId)) continue;
        const key = `${d.webhookId} ${d.subject}`;
        if (!heads.has(key)) heads.set(key, d);
      }
      return copy(
        [...heads.values()]
          .filter((d) => d.nextAttemptAt !== null && d.nextAttemptAt <= now)
          .sort((a, b) => a.seq - b.seq || a.webhookId.localeCompare(b.webhookId))
          .slice(0, limit),
      );
    });
  }

  addAttempt(
    deliveryId: string,
    attempt: AttemptRecord,
    status: DeliveryStatus,
    nextAttemptAt: number | null,
  ): Promise<void> {
    return this.db.run(() => {
      const d = this.s.deliveries.find((x) => x.id === deliveryId);
      if (!d) return;
      d.attempts.push(copy(attempt));
      d.status = status;
      d.nextAttemptAt = nextAttemptAt;
    });
  }

  redeliver(deliveryId: string, now: number): Promise<boolean> {
    return this.db.run(() => {
      const d = this.s.deliveries.find((x) => x.id === deliveryId);
      if (!d) return false;
      Object.assign(d, { status: 'pending', nextAttemptAt: now, windowStart: now });
      return true;
    });
  }
}
