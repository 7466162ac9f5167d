import { extname, join } from 'node:path';
import { supervise, type SupervisorLog } from './supervisor.js';

// `npm start`: the server under the supervisor.
// The server reads and checks the configuration; the supervisor only takes LOG_LEVEL and
// LOG_FORMAT for its own lines, falling back to the defaults on a value the server will refuse.
//
// The server is forked before the supervisor loads its logger (pino and the log format: a few
// hundred milliseconds of a start), so that both load side by side; the lines written meanwhile
// wait in `early` and are written, in order, once the logger is there.

type Line = [level: keyof SupervisorLog, fields: object, message: string];
const early: Line[] = [];
let logger: SupervisorLog | null = null;
const log: SupervisorLog = {
  info: (fields, message) => (logger ? logger.info(fields, message) : early.push(['info', fields, message])),
  error: (fields, message) => (logger ? logger.error(fields, message) : early.push(['error', fields, message])),
};

// Compiled, the server is the bundle of scripts/build-server.mjs (dist/server/main.js: a start in
// far fewer files); run from source, main.ts beside this file.
const compiled = extname(import.meta.filename) === '.js';
const serverFile = compiled ? join(import.meta.dirname, 'server', 'main.js') : join(import.meta.dirname, 'main.ts');
const supervisor = supervise({ serverFile, log, exit: (code) => process.exit(code) });
process.on('SIGTERM', () => supervisor.stop('SIGTERM'));
process.on('SIGINT', () => supervisor.stop('SIGINT'));

// (Wrapped in an object: a pino logger is itself a thenable to the type checker.)
async function loadLogger(): Promise<{ loaded: SupervisorLog }> {
  const [{ default: pino }, { LOG_FORMATS }, { logDestination }] = await Promise.all([import('pino'), import('./config.js'), import('./http/log-format.js')]);
  const format = (LOG_FORMATS as readonly string[]).includes(process.env.LOG_FORMAT ?? '') ? (process.env.LOG_FORMAT as (typeof LOG_FORMATS)[number]) : 'auto';
  const levels = [...Object.keys(pino.levels.values), 'silent'];
  const level = levels.includes(process.env.LOG_LEVEL ?? '') ? process.env.LOG_LEVEL! : 'info';
  return { loaded: pino({ level, base: { pid: process.pid, role: 'supervisor' } }, logDestination(format)) };
}

loadLogger().then(
  ({ loaded }) => {
    logger = loaded;
    for (const [level, fields, message] of early.splice(0)) loaded[level](fields, message);
  },
  (err: unknown) => {
    // Without its logger the supervisor still supervises; its lines go to stderr as they are.
    process.stderr.write(`supervisor logger failed to load: ${(err as Error).message}\n`);
    logger = {
      info: (fields, message) => process.stderr.write(`${message} ${JSON.stringify(fields)}\n`),
      error: (fields, message) => process.stderr.write(`${message} ${JSON.stringify(fields)}\n`),
    };
    for (const [level, fields, message] of early.splice(0)) logger[level](fields, message);
  },
);
