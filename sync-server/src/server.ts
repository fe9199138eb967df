import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepDecodedReadings } from '@vigil/shared';
import { createApp } from './app.js';
import type { ServerConfig } from './config.js';
import type { Db } from './store/sqlite/database.js';
import { createLogger, type Logger } from './log.js';
import { buildServices, type Services } from './services.js';
import { openStorage } from './store/select.js';

/** How long open requests may take to finish once the server stops, before their connections are cut. */
const CLOSE_GRACE_MS = 5_000;

export interface RunningServer {
  port: number;
  url: string;
  db: Db;
  log: Logger;
  services: Services;
  /** Stops accepting, closes sockets, finishes writes and closes the database. */
  close(): Promise<void>;
}

/**
 * Starts the one Vigil process on one port: the services (services.ts) behind the HTTP app and
 * the websocket upgrade to the sync rooms. This file is transport only.
 */
/** Longer than the 60 s idle timeout of common load balancers, which must close first. */
const KEEP_ALIVE_MS = 65_000;

export async function startServer(config: ServerConfig, log: Logger = createLogger()): Promise<RunningServer> {
  // The server reads a case's readings once per save or finalize: decoded records kept per entry
  // would live as long as its open documents (readings.ts).
  keepDecodedReadings(false);
  const services = buildServices(config, log, await openStorage(config, log));
  await services.ready;
  const app = createApp(services);

  // Without createServer options, @hono/node-server makes a plain node:http server.
  const server = await new Promise<Server>((resolve) => {
    const s: ServerType = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(s as Server),
    );
  });
  server.on('upgrade', (req, socket, head) => services.rooms.handleUpgrade(req, socket, head));
  // Idle keep-alive sockets live longer than a client's or a proxy's reuse of them (Node's 5 s
  // default raced a busy client's next request: "other side closed"); headers must outlast it.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;

  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  // This server as it calls itself: the local payment provider posts its events to its webhook
  // (issue 37), and the warm-up connects to it.
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const self = `http://${wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  services.billing.start(self);
  // Before it says it listens: the reconnect after a restart must not pay for the first sync's compiling.
  await services.warmUp(self);
  log.info(
    { port, url, environment: config.environment, version: config.version, dataDir: config.dataDir },
    'listening',
  );

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= services
      .close(
        () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            // Idle keep-alive connections would hold close() open, and an open live-event stream
            // (SSE) never ends by itself: requests get a grace period, then every connection is cut.
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
          }),
      )
      .then(() => log.info('server stopped'));
    return closing;
  };
  return { port, url, db: services.db, log, services, close };
}
