import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore, DiskBlobStore, S3BlobStore, type BlobStore } from '../../src/adapters/blob-store.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createTestApp } from '../helpers/app.js';
import { readAll, startS3, tempDir } from './support.js';

// The same table of tests runs against both implementations: the disk store in a temporary
// directory and the S3 store against s3rver on a loopback port.

interface Subject {
  name: string;
  setUp(): Promise<{ store: BlobStore; tearDown(): Promise<void> }>;
}

const subjects: Subject[] = [
  {
    name: 'disk',
    setUp: async () => {
      const dir = await tempDir();
      return { store: new DiskBlobStore(dir.path), tearDown: dir.remove };
    },
  },
  {
    name: 's3',
    setUp: async () => {
      const s3 = await startS3();
      const config = loadConfig({ ...s3.env, DATABASE_URL: 'sqlite::memory:' });
      const store = createBlobStore(config.blobStore, '/nonexistent');
      expect(store).toBeInstanceOf(S3BlobStore);
      return { store, tearDown: s3.stop };
    },
  },
];

const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

for (const subject of subjects) {
  describe(`BlobStore (${subject.name})`, () => {
    let store: BlobStore;
    let tearDown: () => Promise<void>;
    beforeAll(async () => {
      ({ store, tearDown } = await subject.setUp());
    });
    afterAll(async () => tearDown());

    it('puts and gets the whole blob with its size', async () => {
      await store.put('media/a1.png', bytes, 'image/png');
      const got = await store.get('media/a1.png');
      expect(got?.size).toBe(1000);
      expect((await readAll(got!.stream)).equals(bytes)).toBe(true);
    });

    it.each([
      { start: 0, end: 0 },
      { start: 10, end: 19 },
      { start: 990, end: 999 },
      { start: 0, end: 999 },
    ])('gets the inclusive range $start-$end with the whole size', async (range) => {
      await store.put('media/r1.bin', bytes, 'application/octet-stream');
      const got = await store.get('media/r1.bin', range);
      expect(got?.size).toBe(1000);
      expect((await readAll(got!.stream)).equals(bytes.subarray(range.start, range.end + 1))).toBe(true);
    });

    it.each([
      { start: 0, end: 1000 },
      { start: 5, end: 4 },
      { start: -1, end: 3 },
    ])('refuses the range $start-$end outside the blob', async (range) => {
      await store.put('media/r2.bin', bytes, 'application/octet-stream');
      await expect(store.get('media/r2.bin', range)).rejects.toThrow(RangeError);
    });

    it('answers null, false and a quiet delete for a missing key', async () => {
      expect(await store.get('media/missing.png')).toBeNull();
      expect(await store.exists('media/missing.png')).toBe(false);
      await expect(store.delete('media/missing.png')).resolves.toBeUndefined();
    });

    it('exists, overwrites and deletes', async () => {
      await store.put('media/d1.txt', Buffer.from('first'), 'text/plain');
      expect(await store.exists('media/d1.txt')).toBe(true);
      await store.put('media/d1.txt', Buffer.from('second!'), 'text/plain');
      const got = await store.get('media/d1.txt');
      expect(got?.size).toBe(7);
      expect((await readAll(got!.stream)).toString()).toBe('second!');
      await store.delete('media/d1.txt');
      expect(await store.exists('media/d1.txt')).toBe(false);
      expect(await store.get('media/d1.txt')).toBeNull();
    });

    it('stores an empty blob', async () => {
      await store.put('media/empty', Buffer.alloc(0), 'application/octet-stream');
      const got = await store.get('media/empty');
      expect(got?.size).toBe(0);
      expect((await readAll(got!.stream)).length).toBe(0);
    });

    it.each(['', '../escape', 'media/../../etc/passwd', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', 'a/b/', '.hidden', 'x'.repeat(513), 'media/ü.png'])(
      'refuses the key %j on every operation',
      async (key) => {
        await expect(store.put(key, bytes, 'image/png')).rejects.toThrow(/Invalid blob key/);
        await expect(store.get(key)).rejects.toThrow(/Invalid blob key/);
        await expect(store.exists(key)).rejects.toThrow(/Invalid blob key/);
        await expect(store.delete(key)).rejects.toThrow(/Invalid blob key/);
      },
    );
  });
}

describe('DiskBlobStore layout', () => {
  it('keeps every blob under its root and leaves no temporary file behind', async () => {
    const dir = await tempDir();
    try {
      const store = new DiskBlobStore(join(dir.path, 'root'));
      await store.put('media/x/y.bin', Buffer.from('abc'), 'application/octet-stream');
      expect(await readFile(join(dir.path, 'root', 'media', 'x', 'y.bin'), 'utf8')).toBe('abc');
      expect(await readdir(join(dir.path, 'root', 'media', 'x'))).toEqual(['y.bin']);
      await expect(store.put('../outside', Buffer.from('no'), 'text/plain')).rejects.toThrow();
      expect(existsSync(join(dir.path, 'outside'))).toBe(false);
    } finally {
      await dir.remove();
    }
  });
});

describe('blob store configuration', () => {
  const s3 = {
    DATABASE_URL: 'sqlite::memory:',
    BLOB_STORE: 's3',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'media',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('defaults to the disk store under DATA_DIR', async () => {
    const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', DATA_DIR: '/srv/data' });
    expect(config.blobStore).toEqual({ kind: 'disk' });
    expect(createBlobStore(config.blobStore, config.dataDir)).toBeInstanceOf(DiskBlobStore);
  });

  it('reads the S3 settings with their defaults', () => {
    expect(loadConfig(s3).blobStore).toEqual({
      kind: 's3',
      s3: { endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', bucket: 'media', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: false },
    });
    const custom = loadConfig({ ...s3, S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'true' }).blobStore;
    expect(custom.kind === 's3' && custom.s3.region).toBe('eu-west-3');
    expect(custom.kind === 's3' && custom.s3.forcePathStyle).toBe(true);
  });

  it.each([
    { override: { BLOB_STORE: 'ftp' }, message: 'Invalid configuration: BLOB_STORE must be disk or s3 (got "ftp")' },
    { override: { S3_ENDPOINT: '' }, message: 'Invalid configuration: S3_ENDPOINT is required when BLOB_STORE=s3' },
    { override: { S3_ENDPOINT: 'ftp://store' }, message: 'Invalid configuration: S3_ENDPOINT must be an http(s) URL' },
    { override: { S3_ENDPOINT: 'http://store/bucket' }, message: 'Invalid configuration: S3_ENDPOINT must be an http(s) URL of the store with no path' },
    { override: { S3_BUCKET: '' }, message: 'Invalid configuration: S3_BUCKET is required when BLOB_STORE=s3' },
    { override: { S3_BUCKET: 'Bad_Bucket' }, message: 'Invalid configuration: S3_BUCKET is not a valid bucket name' },
    { override: { S3_ACCESS_KEY_ID: '' }, message: 'Invalid configuration: S3_ACCESS_KEY_ID is required when BLOB_STORE=s3' },
    { override: { S3_SECRET_ACCESS_KEY: '' }, message: 'Invalid configuration: S3_SECRET_ACCESS_KEY is required when BLOB_STORE=s3' },
    { override: { S3_FORCE_PATH_STYLE: 'maybe' }, message: 'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false' },
  ] as { override: Record<string, string>; message: string }[])('refuses $override with one clear line', ({ override, message }) => {
    let error: unknown;
    try {
      loadConfig({ ...s3, ...override });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.startsWith(message)).toBe(true);
    expect((error as Error).message).not.toContain('\n');
  });

  it('puts the configured store on the app context', async () => {
    const server = await startS3();
    const t = await createTestApp({ smtp: false, env: server.env });
    try {
      expect(t.app.ctx.blobs).toBeInstanceOf(S3BlobStore);
      await t.app.ctx.blobs.put('media/ctx', Buffer.from('hi'), 'text/plain');
      expect(await t.app.ctx.blobs.exists('media/ctx')).toBe(true);
    } finally {
      await t.close();
      await server.stop();
    }
  });
});
