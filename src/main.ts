import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { ensureBootstrapAdmin } from './features/admin/service.js';

// Reads config, migrates, listens, and shuts down cleanly on SIGTERM/SIGINT.
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
  } catch (err) {
    process.stderr.write(`Database start-up failed: ${(err as Error).message}\n`);
    await db.close().catch(() => undefined);
    process.exit(1);
  }

  const app = await buildApp(config, { db });
  await ensureBootstrapAdmin(app.ctx);
  // Every instance runs the jobs that are due (a poll every few seconds, and a kick on enqueue);
  // the periodic tasks (publishing, housekeeping) run in-process only with SCHEDULER=on, else the
  // cron endpoints run them. Closing the app stops both.
  app.ctx.runtime.startBackground({ periodic: config.scheduler });

  let closing = false;
  // While draining, answer in-flight requests with `Connection: close` so keep-alive sockets end
  // and close() can finish.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(`Social Lists Service listening on http://${config.host}:${port}\n`);
}

main().catch((err) => {
  process.stderr.write(`Start-up failed: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
