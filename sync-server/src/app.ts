import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { Accounts } from './auth/accounts.js';
import { createBotCheck } from './auth/bot-check.js';
import { botCheckRoutes, emrLaunchRoutes } from './auth/routes.js';
import { authClock, loadAuthSettings } from './auth/settings.js';
import type { ServerConfig } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { createFhirApi } from './fhir/index.js';
import { sqliteOrgPolicy } from './fhir/access.js';
import type { PdfPrinter } from './report/pdf.js';
import { finalizeRoutes } from './routes/finalize.js';
import type { SyncRooms } from './sync/rooms.js';
import type { LiveEvents } from './fhir/live-events.js';
import type { Logger } from './log.js';
import { createSender } from './mail/sender.js';
import { devApiRoutes, devPageRoutes } from './routes/dev.js';
import { graphqlRoutes } from './routes/graphql.js';
import { healthRoutes } from './routes/health.js';
import { staticRoutes } from './routes/static.js';

export interface AppDeps {
  config: ServerConfig;
  log: Logger;
  now?: () => number;
  /** The server's database handle; a second connection to the same file is opened when absent. */
  db?: Db;
  /** The FHIR live-event bus, shared with the server's own FHIR writers (the case projection). */
  fhirEvents?: LiveEvents;
  /** The case documents and the report printer: finalize is served only when both are given. */
  rooms?: SyncRooms;
  reportPrinter?: PdfPrinter;
}

/**
 * The HTTP side of the server. Everything the server answers lives under `/api`; every other
 * path is the PWA. Websocket upgrades are handled beside it (see server.ts).
 */
export function createApp(deps: AppDeps): Hono {
  const { config, log } = deps;
  const db = deps.db ?? openDatabase(config.dataDir, log).db;
  const authSettings = loadAuthSettings(config.environment);
  const authNow = authClock(authSettings);
  const sender = createSender({ db, now: authNow, smtpUrl: authSettings.smtpUrl, from: authSettings.mailFrom, log });
  const botCheck = createBotCheck(authSettings.botCheck, authNow);
  const accounts = new Accounts(db, authSettings, authNow, sender, botCheck);
  const devTools = config.environment !== 'production';

  const api = new Hono();
  api.route('/', healthRoutes(config.version));
  api.route(
    '/',
    graphqlRoutes({
      environment: config.environment,
      log,
      accounts,
      allowedOrigins: config.allowedOrigins,
      ...(deps.now ? { now: deps.now } : {}),
    }),
  );
  api.route('/', botCheckRoutes(botCheck));
  api.route('/', emrLaunchRoutes(accounts, config.environment));
  api.route(
    '/',
    createFhirApi({
      db,
      cookieName: authSettings.cookieName,
      now: authNow,
      log,
      trustProxy: authSettings.trustProxy,
      ...(deps.fhirEvents ? { events: deps.fhirEvents } : {}),
    }),
  );
  if (deps.rooms && deps.reportPrinter && deps.fhirEvents) {
    const { rooms, reportPrinter: printer, fhirEvents: events } = deps;
    const orgPolicy = sqliteOrgPolicy(db, authNow);
    const report = { db, cookieName: authSettings.cookieName, now: authNow, log, rooms, printer, events, orgPolicy };
    api.route('/', finalizeRoutes({ ...report, trustProxy: authSettings.trustProxy }).routes);
  }
  // The development outbox does not exist in production, and faces this machine only unless enabled.
  const outboxAccess = { remote: config.devOutboxRemote };
  if (devTools) api.route('/', devApiRoutes(db, outboxAccess));
  api.all('*', (c) => c.json({ error: 'NOT_FOUND' }, 404));

  const app = new Hono();
  app.use(
    '*',
    secureHeaders({
      // A route that sets its own, stricter header keeps it (the report PDF's CSP).
      overwrite: false,
      // The PWA loads only its own scripts; websockets and API calls go to the same origin.
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // 'self' covers this origin's ws:/wss: too (CSP 3); no other host may be reached.
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'self'"],
      },
    }),
  );
  app.onError((err, c) => {
    log.error({ err, path: c.req.path }, 'request failed');
    return c.json({ error: 'INTERNAL_ERROR' }, 500);
  });
  app.route('/api', api);
  if (devTools) app.route('/dev', devPageRoutes(db, outboxAccess));
  app.route('/', staticRoutes(config.staticDir));
  return app;
}
