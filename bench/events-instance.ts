import { openPostgres, openSqlite } from '../src/db/connection.js';
import { benchApp } from './bench-app.js';

// One more instance of the service for bench/events.ts, in a process of its own: on the database
// `argv[2]` (a postgres:// URL, or a SQLite file the parent migrated), with this process's
// environment (BENCH_EVENTS_OFF=1 for the instance that writes no events). Prints one JSON line
// `{ base, pid }` once it listens; ends when its stdin closes (the parent ended it or died).

const url = process.argv[2];
const db = url.startsWith('postgres') ? openPostgres(url) : openSqlite(url).db;
const { app, base } = await benchApp(db, { SCHEDULER: 'off', TOKEN_SEALING_KEY: '0'.repeat(64) });
process.stdout.write(`${JSON.stringify({ base, pid: process.pid })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
