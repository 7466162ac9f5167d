import type BetterSqlite3 from 'better-sqlite3';
import pino from 'pino';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { ensureAdministrator, updateAdminUser } from '../features/admin/service.js';
import { FEATURES } from '../features/index.js';
import { findUserByEmail, findUserById, findUserByUsername } from '../features/users/service.js';
import { createContext, type AppContext } from '../runtime/context.js';
import type { AdminCommand } from './admin-args.js';
import { countUsers, describeDatabase } from './admin-database.js';
import { backupSqlite, restoreSqlite, type BackupManifest } from './backup.js';

// What the admin CLI's commands do, once admin.ts has parsed them and opened (and named) the database.

async function create(ctx: AppContext, command: Extract<AdminCommand, { kind: 'create' }>, password: string): Promise<string> {
  const { user, created } = await ensureAdministrator(ctx, { email: command.email, username: command.username, password });
  return `Administrator ${user.username} <${user.email}> ${created ? 'created' : 'already existed; administrator rights ensured'} (id ${user.id})`;
}

async function update(ctx: AppContext, command: Extract<AdminCommand, { kind: 'update' }>): Promise<string> {
  const db = ctx.db.kysely;
  const ref = command.user;
  const target = ref.includes('@') ? await findUserByEmail(db, ref) : ((await findUserByUsername(db, ref)) ?? (await findUserById(db, ref)));
  if (!target) throw new Error(`No user "${ref}" (give a username, an e-mail address or a user id)`);
  const { user, isAdministrator } = await updateAdminUser(ctx, null, target.id, command.patch);
  return `User ${user.username} <${user.email}>: customerStatus ${user.customer_status}, accountStatus ${user.account_status}, ${isAdministrator ? 'administrator' : 'not an administrator'} (id ${user.id})`;
}

/** create and update: through the app's own context (its background work is never started here: jobs are the server's). */
export async function changeAccounts(config: Config, db: Db, command: Extract<AdminCommand, { kind: 'create' | 'update' }>, password: string | null): Promise<string> {
  await migrateToLatest(db);
  const log = pino({ level: 'warn' });
  const ctx = createContext(config, { db, log: () => log }, FEATURES);
  try {
    return command.kind === 'create' ? await create(ctx, command, password!) : await update(ctx, command);
  } finally {
    await ctx.runtime.stop();
  }
}

const blobsLine = (manifest: BackupManifest) =>
  manifest.blobs ? `${manifest.blobs.files} blob file${manifest.blobs.files === 1 ? '' : 's'} (${manifest.blobs.bytes} bytes)` : 'no blobs (they are in the object store: copy its bucket with its own tools)';

export async function backup(config: Config, db: Db, raw: BetterSqlite3.Database | null, folder: string): Promise<string> {
  const started = Date.now();
  const manifest = await backupSqlite(config, raw!, (await countUsers(db)) ?? 0, folder);
  return `Backed up ${manifest.users} user${manifest.users === 1 ? '' : 's'} and ${blobsLine(manifest)}${manifest.sealingKey ? ', with the token sealing key,' : ''} into ${folder} in ${Date.now() - started} ms`;
}

export async function restore(config: Config, folder: string): Promise<string> {
  const manifest = restoreSqlite(config, folder);
  const { openServiceDatabase } = await import('./admin-database.js');
  const { db } = openServiceDatabase(config.database);
  try {
    return `${await describeDatabase(config.database, db)}: restored from ${folder} (taken ${manifest.createdAt}), with ${blobsLine(manifest)}`;
  } finally {
    await db.close();
  }
}
