import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createSealer, parseSealingKey, SealedValueError, Sealer, sealingKeyFromFile } from '../../src/lib/sealing.js';

const KEY = Buffer.alloc(32, 7);

describe('Sealer (AES-256-GCM)', () => {
  const sealer = new Sealer(KEY);

  it('round trips text, with a fresh IV each time, in the v1: format', () => {
    for (const plain of ['', 'access-token-123', 'ünïcødé ✓ '.repeat(50)]) {
      const a = sealer.seal(plain);
      const b = sealer.seal(plain);
      expect(a).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
      expect(a).not.toBe(b);
      expect(a).not.toContain(plain || '\u0000');
      expect(sealer.open(a)).toBe(plain);
      // iv (12) | tag (16) | ciphertext
      expect(Buffer.from(a.slice(3), 'base64').length).toBe(28 + Buffer.byteLength(plain));
    }
  });

  it('refuses a changed value, a value sealed under another key, and anything not sealed', () => {
    const sealed = sealer.seal('refresh-token');
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    for (const at of [0, 12, 20, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[at] ^= 1;
      expect(() => sealer.open(`v1:${tampered.toString('base64')}`)).toThrow(SealedValueError);
    }
    expect(() => new Sealer(Buffer.alloc(32, 8)).open(sealed)).toThrow(SealedValueError);
    expect(() => sealer.open('refresh-token')).toThrow(SealedValueError);
    expect(() => sealer.open('v1:AAAA')).toThrow(SealedValueError);
    expect(() => sealer.open(`v2:${sealed.slice(3)}`)).toThrow(SealedValueError);
  });

  it('TOKEN_SEALING_KEY: 64 hex or 44 base64 characters; anything else stops the start', () => {
    expect(parseSealingKey('ab'.repeat(32))).toEqual(Buffer.alloc(32, 0xab));
    expect(parseSealingKey(KEY.toString('base64'))).toEqual(KEY);
    expect(parseSealingKey('ab'.repeat(31))).toBeNull();
    expect(loadConfig({ TOKEN_SEALING_KEY: 'ab'.repeat(32) }).tokenSealingKey).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({}).tokenSealingKey).toBeNull();
    expect(() => loadConfig({ TOKEN_SEALING_KEY: 'short' })).toThrow(/TOKEN_SEALING_KEY must be 32 bytes/);
  });

  describe('without TOKEN_SEALING_KEY: a key kept in DATA_DIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sealing-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('is made once (mode 0600) at first use and read again by the next process', () => {
      const dataDir = join(dir, 'data');
      const first = createSealer({ tokenSealingKey: null, dataDir });
      const sealed = first.seal('kept');
      const file = join(dataDir, 'token-sealing.key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
      expect(createSealer({ tokenSealingKey: null, dataDir }).open(sealed)).toBe('kept');
      expect(sealingKeyFromFile(dataDir)).toEqual(sealingKeyFromFile(dataDir));
    });

    it('a configured key wins over the file', () => {
      const sealer = createSealer({ tokenSealingKey: KEY, dataDir: join(dir, 'unused') });
      expect(new Sealer(KEY).open(sealer.seal('x'))).toBe('x');
      expect(() => statSync(join(dir, 'unused'))).toThrow();
    });
  });
});
