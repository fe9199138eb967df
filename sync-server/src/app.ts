import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { contentSecurityPolicy } from './csp.js';
import { uncaughtErrorAnswer } from './errors.js';
import { botCheckRoutes, emrLaunchRoutes } from './routes/auth.js';
import { appointmentRoutes } from './routes/appointments.js';
import { appRoutes } from './routes/apps.js';
import { billingRoutes } from './routes/billing.js';
import { bridgeRoutes } from './routes/bridge.js';
import { finalizeRoutes } from './routes/finalize.js';
import { fhirRoutes } from './routes/fhir.js';
import { devApiRoutes, devPageRoutes } from './routes/dev.js';
import { graphqlRoutes } from './routes/graphql.js';
import { healthRoutes } from './routes/health.js';
import { patientFormRoutes } from './routes/patient-forms.js';
import { smartLaunchRoutes } from './routes/smart.js';
import { staticRoutes } from './routes/static.js';
import type { Services } from './services.js';

export interface AppOptions {
  /** The GraphQL serverTime clock (tests); the wall clock otherwise. */
  now?: () => number;
}

/**
 * The HTTP side of the server over the services built once (services.ts). Everything the server
 * answers lives under `/api`; every other path is the PWA. Websocket upgrades are handled beside
 * it (see server.ts).
 */
export function createApp(services: Services, options: AppOptions = {}): Hono {
  const { config, log, accounts, authSettings } = services;
  const devTools = config.environment !== 'production';

  const api = new Hono();
  api.route('/', healthRoutes(config.version));
  api.route(
    '/',
    graphqlRoutes({
      environment: config.environment,
      log,
      accounts,
      services,
      allowedOrigins: config.allowedOrigins,
      ...(options.now ? { now: options.now } : {}),
    }),
  );
  api.route('/', botCheckRoutes(services.botCheck));
  api.route('/', emrLaunchRoutes(services.emr, config.environment));
  api.route('/', smartLaunchRoutes({ smart: services.smart, accounts, environment: config.environment }));
  api.route(
    '/',
    fhirRoutes({
      service: services.fhir,
      events: services.fhirEvents,
      liveBus: services.liveBus,
      appTokens: services.appTokens,
      accounts,
      access: services.access,
      now: services.now,
      log,
      trustProxy: authSettings.trustProxy,
      version: services.config.version,
    }),
  );
  api.route('/', appRoutes({ tokens: services.appTokens, trustProxy: authSettings.trustProxy }));
  api.route(
    '/',
    finalizeRoutes({
      reports: services.reports,
      accounts,
      access: services.access,
      trustProxy: authSettings.trustProxy,
    }),
  );
  api.route('/', patientFormRoutes({ ...services, trustProxy: authSettings.trustProxy }));
  api.route(
    '/',
    appointmentRoutes({ appointments: services.appointments, accounts, trustProxy: authSettings.trustProxy }),
  );
  api.route(
    '/',
    billingRoutes({
      webhooks: services.billing.webhooks,
      local: services.billing.local,
      paymentsClock: config.paymentsClock === true,
      sendEvents: services.billing.sendEvents,
      cards: services.billing.cards,
      printer: services.printer,
      accounts,
      trustProxy: authSettings.trustProxy,
    }),
  );
  api.route('/', bridgeRoutes({ bridges: services.bridges, trustProxy: authSettings.trustProxy }));
  // The development outbox does not exist in production, and faces this machine only unless enabled.
  const outboxAccess = { remote: config.devOutboxRemote };
  if (devTools) api.route('/', devApiRoutes(services.outbox, outboxAccess));
  api.all('*', (c) => c.json({ error: 'NOT_FOUND' }, 404));

  const app = new Hono();
  app.use(
    '*',
    secureHeaders({
      // A route that sets its own, stricter header keeps it (the report PDF's CSP).
      overwrite: false,
      // The PWA's own scripts only; the real payment provider's card entry hosts when it is configured.
      contentSecurityPolicy: contentSecurityPolicy({ stripe: services.billing.publishableKey !== null }),
    }),
  );
  app.onError((err, c) => {
    const { status, body } = uncaughtErrorAnswer(err);
    if (status === 500) log.error({ err, path: c.req.path }, 'request failed');
    return c.json(body, status);
  });
  app.route('/api', api);
  if (devTools) app.route('/dev', devPageRoutes(services.outbox, outboxAccess));
  // SMART's EHR launch URL (issue 42): the PWA's /launch forwards too, when its service worker answers first.
  app.get('/launch', (c) => c.redirect(`/api/smart/launch${new URL(c.req.url).search}`, 302));
  app.route('/', staticRoutes(config.staticDir));
  return app;
}
