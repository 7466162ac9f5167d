import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

// Where `login` keeps the sync token: one JSON file, readable by its owner only (0600), in
// --config-dir, else $SOCIAL_LISTS_SYNC_CONFIG_DIR, else $XDG_CONFIG_HOME/social-lists-sync,
// else ~/.config/social-lists-sync.

export const CONFIG_DIR_ENV = 'SOCIAL_LISTS_SYNC_CONFIG_DIR';
const FILE = 'credentials.json';

export interface Credentials {
  server: string;
  email: string;
  token: string;
}

export function configDir(explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) return explicit;
  if (env[CONFIG_DIR_ENV]) return env[CONFIG_DIR_ENV]!;
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'social-lists-sync');
}

export function credentialsPath(dir: string): string {
  return join(dir, FILE);
}

export async function readCredentials(dir: string): Promise<Credentials | null> {
  let text: string;
  try {
    text = await readFile(credentialsPath(dir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const value = JSON.parse(text) as Partial<Credentials>;
  if (typeof value.server !== 'string' || typeof value.token !== 'string') throw new Error(`${credentialsPath(dir)} is not a credentials file`);
  return { server: value.server, email: value.email ?? '', token: value.token };
}

export async function writeCredentials(dir: string, credentials: Credentials): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = credentialsPath(dir);
  const tmp = `${path}.${process.pid}.tmp`;
  // Created 0600 (and chmod'ed, whatever the umask) before the token is in it, then renamed.
  await writeFile(tmp, '', { mode: 0o600 });
  await chmod(tmp, 0o600);
  await writeFile(tmp, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  await rename(tmp, path);
}

export async function deleteCredentials(dir: string): Promise<void> {
  await rm(credentialsPath(dir), { force: true });
}
