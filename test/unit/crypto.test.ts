import { describe, expect, it } from 'vitest';
import { hashToken, newToken, OWASP_ARGON2ID, PasswordHasher } from '../../src/lib/crypto.js';
import { newId } from '../../src/lib/ids.js';

describe('password hashing', () => {
  it('uses Argon2id at OWASP parameters by default and verifies only the right password', async () => {
    expect(OWASP_ARGON2ID).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const hasher = new PasswordHasher();
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(hash).not.toContain('correct horse');
    expect(await hasher.verify(hash, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(hash, 'correct horse batterY')).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it('verifies hashes made with other parameters and reports them for rehash', async () => {
    const weak = new PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const hash = await weak.hash('pw-12345678');
    const strong = new PasswordHasher();
    expect(await strong.verify(hash, 'pw-12345678')).toBe(true);
    expect(strong.needsRehash(hash)).toBe(true);
  });

  it('salts every hash and rejects malformed stored values', async () => {
    const hasher = new PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    expect(await hasher.hash('same-password')).not.toBe(await hasher.hash('same-password'));
    expect(await hasher.verify('plaintext', 'plaintext')).toBe(false);
    expect(await hasher.verify('$argon2id$v=19$m=1024,t=1,p=1$broken', 'plaintext')).toBe(false);
  });
});

describe('tokens and ids', () => {
  it('makes 64-character hex tokens and stores them as sha256', () => {
    const t = newToken();
    expect(t).toMatch(/^[0-9a-f]{64}$/);
    expect(newToken()).not.toBe(t);
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(t)).not.toBe(t);
  });

  it('makes time-ordered UUIDv7 ids', () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    expect(new Set(ids).size).toBe(1000);
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
  });
});
