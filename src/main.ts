import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from './adapters/mailer.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { ensureBootstrapAdmin } from './features/admin/service.js';
import { LISTENING_MESSAGE, SERVE_MESSAGE, STANDBY_ARGUMENT, STANDBY_READY_MESSAGE } from './supervisor.js';

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
    db.keepStatistics();
    db.checkpointInBackground((err) => process.stderr.write(`SQLite checkpoints in the background failed, commits checkpoint again: ${err.message}\n`));
  } catch (err) {
    process.stderr.write(`Database start-up failed: ${(err as Error).message}\n`);
    await db.close().catch(() => undefined);
    process.exit(1);
  }

  // Without SMTP_URL each mail is also printed in words, its links on lines of their own (the
  // verification link of a first account, say), besides the JSON log line.
  let appLog: FastifyBaseLogger | null = null;
  const mailer = createMailer(config, () => appLog, (text) => process.stdout.write(text));
  const app = await buildApp(config, { db, mailer });
  appLog = app.log;

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
  // The supervisor gone (killed itself): stop too, rather than hold the port with no one to restart us.
  process.on('disconnect', () => void shutdown('supervisor gone'));

  if (process.argv.includes(STANDBY_ARGUMENT)) {
    // The supervisor's standby: loaded and ready, neither listening nor running jobs until it is
    // told to serve (when the serving process has died).
    await app.ready();
    process.send?.(STANDBY_READY_MESSAGE);
    await new Promise<void>((resolve) => process.on('message', (message) => message === SERVE_MESSAGE && resolve()));
  }
  await ensureBootstrapAdmin(app.ctx);
  // Every instance runs the jobs that are due (a poll every few seconds, and a kick on enqueue);
  // the periodic tasks (publishing, housekeeping) run in-process only with SCHEDULER=on, else the
  // cron endpoints run them. Closing the app stops both.
  app.ctx.runtime.startBackground({ periodic: config.scheduler });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const why = listenFailure(err as NodeJS.ErrnoException, config);
    if (!why) throw err;
    process.stderr.write(`${why}\n`);
    await app.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(`Social Lists Service listening on http://${config.host}:${port}\n`);
  // Under the supervisor (npm start): from now on a death of this process is a crash to restart.
  process.send?.(LISTENING_MESSAGE);
}

/** One line saying why the server cannot listen where it was told to, for the usual causes. */
function listenFailure(err: NodeJS.ErrnoException, config: Config): string | null {
  const where = `${config.host}:${config.port}`;
  switch (err.code) {
    case 'EADDRINUSE':
      return `Port ${config.port} is already in use (${where}): stop what is using it, or choose another port with PORT (e.g. PORT=${config.port < 65535 ? config.port + 1 : 3000}).`;
    case 'EACCES':
      return `Not allowed to listen on port ${config.port} (${where}): choose a port above 1023 with PORT.`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen on ${config.host}: it is not an address of this machine; set HOST (default 127.0.0.1).`;
    default:
      return null;
  }
}

main().catch((err) => {
  process.stderr.write(`Start-up failed: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
