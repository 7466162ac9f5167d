import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

/** A 64-character hex secret (32 random bytes): session, sync and e-mail tokens. */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/** Tokens are stored only as this hash; lookups hash the presented value. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

// OWASP Password Storage Cheat Sheet: scrypt with N=2^17 (128 MiB), r=8, p=1.
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/**
 * Password hashing. The parameters are encoded in each hash (`scrypt$N$r$p$salt$key`), so a
 * hash made with other parameters still verifies and `needsRehash` tells when to upgrade it.
 */
export class PasswordHasher {
  constructor(private readonly params: ScryptParams = OWASP_SCRYPT) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, this.params);
    const { N, r, p } = this.params;
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  async verify(stored: string, password: string): Promise<boolean> {
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [, N, r, p, salt, key] = parts;
    const expected = Buffer.from(key, 'base64');
    const actual = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  needsRehash(stored: string): boolean {
    const [, N, r, p] = stored.split('$');
    return Number(N) !== this.params.N || Number(r) !== this.params.r || Number(p) !== this.params.p;
  }
}
