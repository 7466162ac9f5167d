import { randomFillSync } from 'node:crypto';

// UUIDv7: time-ordered, generated in the application on both engines (never autoincrement).
let lastMs = 0;
let seq = 0;

// Random bytes are drawn from the CSPRNG a pool at a time: one call per 256 ids rather than two
// per id (each call costs more than the bytes it returns).
const POOL_BYTES = 18 * 256;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let poolAt = POOL_BYTES;

function random(n: number): number {
  if (poolAt + n > POOL_BYTES) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const at = poolAt;
  poolAt += n;
  return at;
}

export function newId(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    ms = lastMs;
    seq = (seq + 1) & 0xfff;
    if (seq === 0) ms = ++lastMs;
  } else {
    seq = pool.readUInt16BE(random(2)) & 0x7ff;
  }
  lastMs = ms;
  const b = Buffer.allocUnsafe(16);
  pool.copy(b, 0, random(16), poolAt);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | (seq >> 8);
  b[7] = seq & 0xff;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
