import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { PasswordHasher } from '../src/lib/crypto.js';
import { systemClock } from '../src/lib/clock.js';
import { freshDatabase, type TestApp } from '../test/helpers/app.js';
import { signedInUser } from '../test/users/fixtures.js';

// The image proxy's time for a 2 MB image (issue 25's figure), over real HTTP: the service
// listening on loopback, the image on a loopback host at 127.0.0.2 (listed in
// ALLOWED_PRIVATE_ADDRESSES). `uncached`: every request names a new URL, so each one fetches the
// 2 MB, checks its type, decodes it, resizes it to 1200 px, re-encodes it and stores it in the
// blob store (disk); `cached`: one URL again and again, answered from the blob store. A JPEG and
// a PNG of about 2 MB each (noise, so they do not compress much), both wider than 1200 px.
//
//   node --import tsx bench/image-proxy.ts                                   (SQLite in memory)
//   TEST_ENGINE=postgres TEST_DATABASE_URL=postgres://... node --import tsx bench/image-proxy.ts

const UNCACHED = Number(process.env.BENCH_PROXY_UNCACHED ?? 20);
const CACHED = Number(process.env.BENCH_PROXY_CACHED ?? 100);

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Noise over a gradient (`amplitude` levels of noise per channel), `width`×(2/3 width) px. */
function noisy(width: number, amplitude: number): Sharp {
  const height = Math.round((width * 2) / 3);
  const pixels = randomBytes(width * height * 3);
  const row = width * 3;
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.floor(((i % row) * (255 - amplitude)) / row) + (pixels[i] % amplitude);
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/**
 * An image of about 2 MB (±5%), larger than 1200 px so that the proxy resizes it: a 3000×2000 JPEG
 * whose noise is tuned, or a PNG of 1 bit of noise per channel whose size is tuned.
 */
async function twoMegabytes(format: 'jpeg' | 'png'): Promise<{ bytes: Buffer; width: number }> {
  const encode = async (param: number) => {
    const width = format === 'jpeg' ? 3000 : param;
    const image = format === 'jpeg' ? noisy(width, param).jpeg({ quality: 90 }) : noisy(width, 2).png({ compressionLevel: 6 });
    return { bytes: await image.toBuffer(), width };
  };
  let [low, high] = format === 'jpeg' ? [2, 255] : [1300, 3000];
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const out = await encode(mid);
    if (Math.abs(out.bytes.length - 2e6) <= 1e5) return out;
    if (out.bytes.length < 2e6) low = mid + 1;
    else high = mid - 1;
  }
  throw new Error(`could not make a 2 MB ${format}`);
}

async function main() {
  const sources = { jpeg: await twoMegabytes('jpeg'), png: await twoMegabytes('png') };
  const images = { jpeg: sources.jpeg.bytes, png: sources.png.bytes };
  const host = http.createServer((req, res) => {
    const format = (req.url ?? '').startsWith('/image.png') ? 'png' : 'jpeg';
    res.writeHead(200, { 'content-type': `image/${format}`, 'content-length': images[format].length }).end(images[format]);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.2', resolve));
  const imageBase = `http://127.0.0.2:${(host.address() as AddressInfo).port}`;

  const dataDir = await mkdtemp(join(tmpdir(), 'bench-proxy-'));
  const { db, drop } = await freshDatabase();
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1', ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2/32' });
  const app = await buildApp(config, { db, passwords: new PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }), logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    // One user per 100 requests: the proxy allows 120 a minute to each.
    const users = await Promise.all(Array.from({ length: Math.ceil((UNCACHED + CACHED) / 100) * 2 + 2 }, () => signedInUser({ app, db, clock: systemClock } as unknown as TestApp)));
    let call = 0;
    const get = async (url: string): Promise<{ ms: number; bytes: number }> => {
      const who = users[Math.floor(call++ / 100)];
      const s = performance.now();
      const res = await fetch(`${base}/api/proxy/image?url=${encodeURIComponent(url)}`, { headers: { authorization: who.bearer } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${res.status} ${body.toString('utf8').slice(0, 200)}`);
      return { ms: performance.now() - s, bytes: body.length };
    };
    console.log(`image proxy, ${db.engine}, blobs on disk`);
    for (const format of ['jpeg', 'png'] as const) {
      const path = `/image.${format === 'jpeg' ? 'jpg' : 'png'}`;
      await get(`${imageBase}${path}?warm-up`);
      const uncached: number[] = [];
      let out = 0;
      for (let i = 0; i < UNCACHED; i += 1) {
        const r = await get(`${imageBase}${path}?n=${i}`);
        uncached.push(r.ms);
        out = r.bytes;
      }
      const cached: number[] = [];
      for (let i = 0; i < CACHED; i += 1) cached.push((await get(`${imageBase}${path}?n=0`)).ms);
      const show = (name: string, ms: number[]) => {
        const sorted = [...ms].sort((a, b) => a - b);
        return `${name} ${sorted.length} requests: p50 ${percentile(sorted, 50).toFixed(1)} ms, p90 ${percentile(sorted, 90).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`;
      };
      console.log(`${format.toUpperCase()} ${(images[format].length / 1e6).toFixed(2)} MB, ${sources[format].width}×${Math.round((sources[format].width * 2) / 3)} px → ${(out / 1e3).toFixed(0)} kB at 1200 px`);
      console.log(`  ${show('uncached', uncached)}`);
      console.log(`  ${show('cached  ', cached)}`);
    }
  } finally {
    await app.close();
    await drop();
    host.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
