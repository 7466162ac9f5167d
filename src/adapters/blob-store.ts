import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import type { Client as MinioClient } from 'minio';
import type { BlobStoreConfig, S3Config } from '../config.js';
import { onFirstUse } from '../lib/load-on-first-use.js';

// Where media and other blobs live. One interface, two implementations chosen from config:
// `disk` (files under DATA_DIR/blobs) and `s3` (any S3-compatible store, through the minio
// client). Rows hold the blob key, never a path; a key never becomes a path outside the root.

/** An inclusive byte range, as in an HTTP Range header (`bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobObject {
  /** The bytes: the whole blob, or only the requested range. */
  stream: Readable;
  /** The size of the whole blob in bytes (not of the range). */
  size: number;
}

export interface BlobStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Stores a stream of unknown length without holding it in memory; answers its size in bytes. */
  putStream(key: string, stream: Readable, contentType: string): Promise<number>;
  /** The blob (or the inclusive range of it), or null when there is none under the key. */
  get(key: string, range?: ByteRange): Promise<BlobObject | null>;
  /** Removes the blob; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

// Keys are slash-separated segments of safe characters; no empty, `.` or `..` segment.
const KEY_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Throws unless `key` is a well-formed blob key (at most 512 characters, no dot segments). */
export function assertBlobKey(key: string): void {
  if (key.length === 0 || key.length > 512 || !KEY_RE.test(key) || key.split('/').some((s) => s === '.' || s === '..')) {
    throw new Error(`Invalid blob key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

function checkRange(range: ByteRange | undefined, size: number): void {
  if (range && (range.start < 0 || range.end < range.start || range.end >= size)) {
    throw new RangeError(`Range ${range.start}-${range.end} is outside a blob of ${size} bytes`);
  }
}

export class DiskBlobStore implements BlobStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file of a key, proven to lie under the root. */
  private pathOf(key: string): string {
    assertBlobKey(key);
    const path = resolve(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid blob key: ${JSON.stringify(key.slice(0, 80))}`);
    return path;
  }

  async put(key: string, bytes: Buffer, _contentType?: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside and renamed into place: a reader never sees half a blob.
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, bytes);
      await rename(tmp, path);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async putStream(key: string, stream: Readable, _contentType?: string): Promise<number> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const counter = byteCounter();
    try {
      await pipeline(stream, counter, createWriteStream(tmp));
      await rename(tmp, path);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return counter.bytes;
  }

  async get(key: string, range?: ByteRange): Promise<BlobObject | null> {
    const path = this.pathOf(key);
    let size: number;
    try {
      const s = await stat(path);
      if (!s.isFile()) return null;
      size = s.size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    checkRange(range, size);
    return { stream: createReadStream(path, range ? { start: range.start, end: range.end } : {}), size };
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }
}

const isNotFound = (err: unknown) => {
  const code = (err as { code?: string } | null)?.code;
  return code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchObject';
};

/** Passes bytes through, counting them. */
function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/** Passes the first `limit` bytes through and drops the rest. */
function limitBytes(limit: number): Transform {
  let left = limit;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (left > 0) {
        const part = chunk.length <= left ? chunk : chunk.subarray(0, left);
        left -= part.length;
        this.push(part);
      }
      done();
    },
  });
}

const minio = onFirstUse(() => import('minio'));

export class S3BlobStore implements BlobStore {
  readonly bucket: string;
  /** The store's client, made on the first call (the library is loaded then: lib/load-on-first-use.ts). */
  private readonly client: () => Promise<MinioClient>;

  constructor(config: S3Config) {
    const url = new URL(config.endpoint);
    const useSSL = url.protocol === 'https:';
    this.client = onFirstUse(
      async () =>
        new (await minio()).Client({
          endPoint: url.hostname,
          port: url.port ? Number(url.port) : useSSL ? 443 : 80,
          useSSL,
          region: config.region,
          accessKey: config.accessKeyId,
          secretKey: config.secretAccessKey,
          pathStyle: config.forcePathStyle,
        }),
    );
    this.bucket = config.bucket;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    const s3 = await this.client();
    await s3.putObject(this.bucket, key, bytes, bytes.length, { 'Content-Type': contentType });
  }

  async putStream(key: string, stream: Readable, contentType: string): Promise<number> {
    assertBlobKey(key);
    const counter = byteCounter();
    // Listened to before anything is awaited: an error event with no listener ends the process.
    stream.on('error', (err) => counter.destroy(err));
    const s3 = await this.client();
    // Unknown length: the client uploads it in parts, a part in memory at a time.
    await s3.putObject(this.bucket, key, stream.pipe(counter), undefined, { 'Content-Type': contentType });
    return counter.bytes;
  }

  async get(key: string, range?: ByteRange): Promise<BlobObject | null> {
    assertBlobKey(key);
    const s3 = await this.client();
    let size: number;
    try {
      size = (await s3.statObject(this.bucket, key)).size;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
    checkRange(range, size);
    try {
      if (size === 0) return { stream: Readable.from([]), size };
      if (!range) return { stream: await s3.getObject(this.bucket, key), size };
      const length = range.end - range.start + 1;
      const part = await s3.getPartialObject(this.bucket, key, range.start, length);
      // A store that returns more than asked (s3rver reads `bytes=0-0` as `bytes=0-`) must not
      // make the response longer than its Content-Length.
      const limited = limitBytes(length);
      part.on('error', (err) => limited.destroy(err));
      return { stream: part.pipe(limited), size };
    } catch (err) {
      // Deleted between the stat and the read.
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    const s3 = await this.client();
    // S3 answers a delete of a missing key with success.
    await s3.removeObject(this.bucket, key);
  }

  async exists(key: string): Promise<boolean> {
    assertBlobKey(key);
    const s3 = await this.client();
    try {
      await s3.statObject(this.bucket, key);
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }
}

/** The store the configuration names. */
export function createBlobStore(config: BlobStoreConfig, dataDir: string): BlobStore {
  return config.kind === 's3' ? new S3BlobStore(config.s3) : new DiskBlobStore(resolve(dataDir, 'blobs'));
}
