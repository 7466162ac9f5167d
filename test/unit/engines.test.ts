import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// package.json's `engines` says which Node versions the service runs on: 20 (what these machines
// have), 22 and 24 (recommended). It must be true of what is installed: every runtime package of
// the lock accepts the oldest Node it admits, and 22 and 24, except `cookie@2` (README,
// Requirements: it declares Node 22 and works on 20, which the suite shows on every run).

const ROOT = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));

type Version = [number, number, number];

const parse = (v: string): Version => v.split('.').map(Number).concat(0, 0).slice(0, 3) as Version;
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** The comparators npm packages write in `engines.node` (>=, >, <=, <, ^, ~, =, a bare, partial or x version). */
function meets(version: Version, comparator: string): boolean {
  if (comparator === '*' || comparator === 'x') return true;
  // `20.x`, `20.*`: the same as `20`.
  const m = /^(>=|<=|>|<|\^|~|=)?(\d+(?:\.\d+){0,2})$/.exec(comparator.replace(/(\.[xX*])+$/, ''));
  if (!m) throw new Error(`a range this test does not read: "${comparator}"`);
  const [op = '', text] = [m[1], m[2]];
  const floor = parse(text);
  const parts = text.split('.').length;
  const c = compare(version, floor);
  switch (op) {
    case '>=':
      return c >= 0;
    case '>':
      return c > 0;
    case '<=':
      return c <= 0;
    case '<':
      return c < 0;
    case '^':
      return c >= 0 && version[0] === floor[0];
    case '~':
      return c >= 0 && version[0] === floor[0] && (parts === 1 || version[1] === floor[1]);
    default:
      // `20`, `20.17`, `=20.17.0`: the versions that start so.
      return floor.slice(0, parts).every((n, i) => version[i] === n);
  }
}

function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => meets(v, comparator)),
  );
}

const range: string = pkg.engines.node;
const oldest = /^>=\s*(\d+\.\d+(?:\.\d+)?)$/.exec(range)?.[1];
const DECLARED_NODE_22 = new Set(['node_modules/cookie']);
/**
 * Optional packages that npm leaves out where their engines refuse the running Node, and whose
 * parent works without them: rollup's optional lzma binary (rollup builds the web client at
 * install, which every CI run does on Node 20 without it).
 */
const SKIPPED_OPTIONAL = new Set(['node_modules/@napi-rs/lzma-linux-x64-gnu']);

interface LockedPackage {
  dev?: boolean;
  optional?: boolean;
  engines?: { node?: string };
  os?: string[];
  cpu?: string[];
}

/** Whether `current` is in an npm `os`/`cpu` list (`["linux"]`, `["!win32"]`). */
const listed = (list: string[] | undefined, current: string) =>
  !list || (!list.includes(`!${current}`) && (list.every((x) => x.startsWith('!')) || list.includes(current)));

/** npm installs a platform's binary package (sharp's, say) only on that platform. */
const installsHere = (p: LockedPackage) => listed(p.os, process.platform) && listed(p.cpu, process.arch);

describe('engines.node', () => {
  it('is a floor (">=20.x"), admitting Node 20, 22 and 24', () => {
    expect(oldest, range).toBeDefined();
    for (const v of ['20.19.0', '20.20.2', '22.12.0', '24.0.0']) expect(satisfies(v, range), v).toBe(true);
    expect(satisfies('18.20.0', range)).toBe(false);
  });

  it.each([oldest!, '22.12.0', '24.0.0'])('every runtime package of the lock accepts Node %s', (version) => {
    const refusing = Object.entries(lock.packages as Record<string, LockedPackage>)
      .filter(([path, p]) => path !== '' && !p.dev && p.engines?.node && installsHere(p) && !DECLARED_NODE_22.has(path) && !(p.optional && SKIPPED_OPTIONAL.has(path)))
      .filter(([, p]) => !satisfies(version, p.engines!.node!))
      .map(([path, p]) => `${path} wants ${p.engines!.node}`);
    expect(refusing).toEqual([]);
  });

  it('reads the ranges packages write', () => {
    expect(satisfies('20.19.0', '^18.18.0 || ^20.9.0 || >=21.1.0')).toBe(true);
    expect(satisfies('20.16.0', '^20.17.0 || >=22.9.0')).toBe(false);
    expect(satisfies('20.19.0', '18 || 20 || >=22')).toBe(true);
    expect(satisfies('21.0.0', '18 || 20 || >=22')).toBe(false);
    expect(satisfies('20.19.0', '>=22.12.0 || >=20.19.0 <21.0.0')).toBe(true);
    expect(satisfies('21.5.0', '>=22.12.0 || >=20.19.0 <21.0.0')).toBe(false);
    expect(satisfies('24.0.0', '^18 || ^20 || >= 21')).toBe(true);
    expect(satisfies('20.19.0', '>=22')).toBe(false);
    expect(satisfies('20.19.0', '20.x || 22.x')).toBe(true);
    expect(satisfies('21.1.0', '20.x || 22.x')).toBe(false);
    expect(satisfies('24.0.0', '*')).toBe(true);
  });
});
