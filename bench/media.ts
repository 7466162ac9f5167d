import type autocannon from 'autocannon';
import sharp from 'sharp';

// Media in the two-instance run: one image uploaded through the first instance, then read back
// through both (each streams it from the shared S3-compatible store).

type Measure<F> = (name: string, opts: autocannon.Options) => Promise<F>;

export async function mediaFigures<F>(measure: Measure<F>, base: string, syncToken: string): Promise<F[]> {
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'bench.png');
  const res = await fetch(`${base}/api/messages/images/upload`, { method: 'POST', headers: { authorization: `Bearer ${syncToken}` }, body: form });
  if (!res.ok) throw new Error(`image upload answered ${res.status}: ${await res.text()}`);
  const { url } = (await res.json()) as { url: string };
  const path = new URL(url).pathname;
  return [await measure(`GET ${path.replace(/[^/]+$/, '{file}')} (a 640x480 image from the S3-compatible store)`, { url: `${base}${path}` })];
}
