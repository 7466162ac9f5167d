// Lints the OpenAPI document the app serves with Redocly's recommended ruleset (npm run lint:openapi).
// The app is built on an in-memory database and asked for /api/openapi.json, exactly as a client would.
// PUBLIC_URL is a deployment's address here (the document's contact URL comes from it); `servers`
// is relative (`/`), so the document names whatever address it was read from.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { servedOpenApi } from './served-openapi.js';

const document = await servedOpenApi({ PUBLIC_URL: process.env.PUBLIC_URL ?? 'https://api.social-lists.app' });

const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, document);
// Redocly exits 0 on warnings; the bar here is no error and no warning.
const redocly = (format: string) => spawnSync('npx', ['--no-install', 'redocly', 'lint', file, `--format=${format}`], { encoding: 'utf8' });
const json = redocly('json');
let totals: { errors: number; warnings: number };
try {
  totals = JSON.parse(json.stdout.slice(json.stdout.indexOf('{'))).totals;
} catch {
  process.stderr.write(json.stdout + json.stderr);
  throw new Error('redocly lint did not report its totals');
}
const clean = json.status === 0 && totals.errors === 0 && totals.warnings === 0;
if (!clean) process.stdout.write(redocly('stylish').stdout);
console.log(`OpenAPI lint: ${totals.errors} errors, ${totals.warnings} warnings`);
rmSync(dir, { recursive: true, force: true });
process.exit(clean ? 0 : 1);
