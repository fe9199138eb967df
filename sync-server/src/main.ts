import { loadConfig } from './config.js';
import { createLogger } from './log.js';
import { startServer, type RunningServer } from './server.js';

const log = createLogger(process.env.LOG_LEVEL === 'debug' ? 'debug' : 'info');

let server: RunningServer | undefined;
let stopping = false;

// Handlers go in before the server starts, so a signal that arrives while it starts up still
// shuts it down cleanly (stop accepting, finish writes, close the database).
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const done = server ? server.close() : Promise.resolve();
    done.then(
      () => process.exit(0),
      (err: unknown) => {
        log.fatal({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  server = await startServer(loadConfig(), log);
  if (stopping) await server.close();
} catch (err) {
  log.fatal({ err }, 'server failed to start');
  process.exit(1);
}
