import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';

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

export interface Argon2Params {
  /** Memory in KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

// OWASP Password Storage Cheat Sheet, first choice: Argon2id with 19 MiB, 2 iterations, 1 lane.
// (scrypt at OWASP's N=2^17 took ~430 ms per hash on the project's machines; this takes ~35 ms.)
export const OWASP_ARGON2ID: Argon2Params = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Password hashing with Argon2id. The hash is a PHC string that carries its own parameters, so a
 * hash made with other parameters still verifies and `needsRehash` tells when to upgrade it.
 */
export class PasswordHasher {
  constructor(private readonly params: Argon2Params = OWASP_ARGON2ID) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password.normalize('NFKC'), { type: argon2.argon2id, ...this.params });
  }

  async verify(stored: string, password: string): Promise<boolean> {
    if (!stored.startsWith('$argon2id$')) return false;
    try {
      return await argon2.verify(stored, password.normalize('NFKC'));
    } catch {
      return false; // a malformed stored value never matches
    }
  }

  needsRehash(stored: string): boolean {
    return argon2.needsRehash(stored, this.params);
  }
}
