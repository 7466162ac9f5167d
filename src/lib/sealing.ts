import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Secrets the service must use again later (provider tokens, sessions, PKCE verifiers) are kept
// sealed: AES-256-GCM with a random 12-byte IV, stored as `v1:` + base64(iv | tag | ciphertext).
// The tag makes any change to a stored value fail to open, rather than open to something else.
// The key is TOKEN_SEALING_KEY, or else one generated once and kept in DATA_DIR (one instance
// only: several instances must share TOKEN_SEALING_KEY, or each opens only what it sealed).

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SEALING_KEY_FILE = 'token-sealing.key';

export class SealedValueError extends Error {}

export class Sealer {
  private key: Buffer | null = null;

  /** `key`: the 32-byte key, or a function that gives it at first use (so reading a key file waits until needed). */
  constructor(private readonly source: Buffer | (() => Buffer)) {}

  private current(): Buffer {
    if (this.key === null) {
      const key = typeof this.source === 'function' ? this.source() : this.source;
      if (key.length !== 32) throw new Error('The sealing key must be 32 bytes');
      this.key = key;
    }
    return this.key;
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current(), iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
  }

  /** The plain text; a SealedValueError when the value is not one this key sealed, or was changed. */
  open(sealed: string): string {
    if (!sealed.startsWith(PREFIX)) throw new SealedValueError('Not a sealed value');
    const data = Buffer.from(sealed.slice(PREFIX.length), 'base64');
    if (data.length < IV_BYTES + TAG_BYTES) throw new SealedValueError('Sealed value is too short');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.current(), data.subarray(0, IV_BYTES));
      decipher.setAuthTag(data.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(data.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SealedValueError('Sealed value does not open with this key');
    }
  }
}

/** A key as TOKEN_SEALING_KEY gives it: 64 hex characters or 44 base64 characters (32 bytes). Null when malformed. */
export function parseSealingKey(value: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/]{43}=$/.test(value)) return Buffer.from(value, 'base64');
  return null;
}

/** The key kept in `<dataDir>/token-sealing.key`, made (mode 0600) the first time. */
export function sealingKeyFromFile(dataDir: string): Buffer {
  const file = join(dataDir, SEALING_KEY_FILE);
  try {
    const key = parseSealingKey(readFileSync(file, 'utf8').trim());
    if (key === null) throw new Error(`${file} does not hold a sealing key`);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // `wx`: if another process made it meanwhile, theirs is the key.
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return sealingKeyFromFile(dataDir);
    throw err;
  }
}

/** The sealer of a configuration: TOKEN_SEALING_KEY, else the key file under DATA_DIR. */
export function createSealer(config: { tokenSealingKey: Buffer | null; dataDir: string }): Sealer {
  return new Sealer(config.tokenSealingKey ?? (() => sealingKeyFromFile(config.dataDir)));
}
