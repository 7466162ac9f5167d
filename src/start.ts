import { extname, join } from 'node:path';
import pino from 'pino';
import { LOG_FORMATS, type LogFormat } from './config.js';
import { logDestination } from './http/log-format.js';
import { supervise } from './supervisor.js';

// `npm start`: the server (main.ts beside this file, compiled or not) under the supervisor.
// The server reads and checks the configuration; the supervisor only takes LOG_LEVEL and
// LOG_FORMAT for its own lines, falling back to the defaults on a value the server will refuse.

const format = (LOG_FORMATS as readonly string[]).includes(process.env.LOG_FORMAT ?? '') ? (process.env.LOG_FORMAT as LogFormat) : 'auto';
const levels = [...Object.keys(pino.levels.values), 'silent'];
const level = levels.includes(process.env.LOG_LEVEL ?? '') ? process.env.LOG_LEVEL! : 'info';
const log = pino({ level, base: { pid: process.pid, role: 'supervisor' } }, logDestination(format));

const here = import.meta.filename;
const supervisor = supervise({ serverFile: join(import.meta.dirname, `main${extname(here)}`), log, exit: (code) => process.exit(code) });
process.on('SIGTERM', () => supervisor.stop('SIGTERM'));
process.on('SIGINT', () => supervisor.stop('SIGINT'));
