import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import type { ServerConfig } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { seedDemoData } from './db/seed.js';
import { createLogger, type Logger } from './log.js';
import { SyncRooms } from './sync/rooms.js';
import { ChromiumPdfPrinter } from './report/pdf.js';
import { SqliteAccountStore } from './store/accounts/sqlite.js';
import { SqliteSyncStore } from './store/sync/sqlite.js';
import { caseKind } from './sync/kinds/case.js';
import { createSyncAuthorizer } from './sync/authorize.js';
import { sessionFromRequest } from './auth/sessions.js';
import { authClock, loadAuthSettings } from './auth/settings.js';
import { createFhirService } from './fhir/index.js';
import { sqliteIdOwnership } from './fhir/id-ownership.js';
import { LiveEvents } from './fhir/live-events.js';
import { compositionProjector } from './sync/projection.js';
import { syncReadAuditor, userNames } from './sync/read-audit.js';
import { CaseChecker } from './sync/case-check.js';
import { startAuditSealer } from './auth/audit.js';
import { parentOrgsOf } from './graphql/orgs.js';
import { hasOrgPermission } from '@vigil/shared';

export interface RunningServer {
  port: number;
  url: string;
  db: Db;
  log: Logger;
  /** Stops accepting, closes sockets, finishes writes and closes the database. */
  close(): Promise<void>;
}

/** Starts the one Vigil process: HTTP app, websocket rooms and the SQLite store on one port. */
export async function startServer(config: ServerConfig, log: Logger = createLogger()): Promise<RunningServer> {
  const { db, created } = openDatabase(config.dataDir, log);
  if (created && config.seedDemo) {
    seedDemoData(db);
    log.info('demo data seeded');
  }
  // One live-event bus for the FHIR API and the server's own FHIR writers (the case projection).
  const fhirEvents = new LiveEvents();
  const authSettings = loadAuthSettings(config.environment);
  const { cookieName } = authSettings;
  const fhir = createFhirService({ db, now: authClock(authSettings), events: fhirEvents });
  // The one ownership check FHIR PUT and finalize use too (issue 24 item 2).
  const ids = sqliteIdOwnership(db);
  const caseChecker = new CaseChecker(log);
  const rooms = new SyncRooms({
    log,
    store: new SqliteSyncStore(db),
    authorize: createSyncAuthorizer({
      session: ({ cookieHeader, token }) => sessionFromRequest(db, { cookieHeader, token, cookieName }),
      canOpen: (session, orgId) =>
        hasOrgPermission(
          { signedIn: true, multiFactorValid: session.multiFactorValid, orgs: session.orgs },
          { id: orgId, parentOrgs: parentOrgsOf(db, orgId) },
        ),
      docBelongsElsewhere: (orgId, docId) => ids.belongsElsewhere(orgId, docId),
      allowedOrigins: config.allowedOrigins,
    }),
    // Every room is a case (the default kind): validated in the worker thread, projected onto its Composition.
    kinds: [
      caseKind({
        check: (content) => caseChecker.check(content),
        project: compositionProjector({ service: fhir.service, store: fhir.store, log }),
      }),
    ],
    auditRead: syncReadAuditor({ store: fhir.store, now: authClock(authSettings) }),
    userName: userNames(new SqliteAccountStore(db)),
  });
  // Issue 24: case validation runs in a worker thread; every audit record is sealed into the
  // hash chain within a second.
  const auditSealer = startAuditSealer(db, log);

  const reportPrinter = new ChromiumPdfPrinter(log);
  const app = createApp({ config, log, db, fhirEvents, rooms, reportPrinter });

  // Without createServer options, @hono/node-server makes a plain node:http server.
  const server = await new Promise<Server>((resolve) => {
    const s: ServerType = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(s as Server),
    );
  });
  server.on('upgrade', (req, socket, head) => rooms.handleUpgrade(req, socket, head));

  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  log.info(
    { port, url, environment: config.environment, version: config.version, dataDir: config.dataDir },
    'listening',
  );

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      const roomsClosed = rooms.close();
      void caseChecker.close();
      const printerClosed = reportPrinter.close();
      server.close(() => {
        void Promise.allSettled([roomsClosed, printerClosed]).then(() => {
          auditSealer.stop();
          db.close();
          log.info('server stopped');
          resolve();
        });
      });
      // Idle keep-alive connections would hold close() open.
      server.closeIdleConnections();
    });
    return closing;
  };
  return { port, url, db, log, close };
}
