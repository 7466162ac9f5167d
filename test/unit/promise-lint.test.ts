import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import promiseHeldAcrossAwait from '../../eslint-rules/promise-held-across-await.js';

// The lint rule that closes the class of the networkB crash (issue 34): a promise stored, then first
// handled only after another await, is reported; every shape that handles it in time is not.

const dir = mkdtempSync(join(tmpdir(), 'promise-lint-'));
writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', lib: ['ES2023'], strict: true, module: 'NodeNext' } }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const eslint = new ESLint({
  cwd: dir,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser, parserOptions: { projectService: { allowDefaultProject: ['*.ts'] }, tsconfigRootDir: dir } },
      plugins: { local: { rules: { 'promise-held-across-await': promiseHeldAcrossAwait } } },
      rules: { 'local/promise-held-across-await': 'error' },
    },
  ],
});

const PRELUDE = `
declare function lookup(): Promise<string>;
declare function other(): Promise<void>;
declare function startedEarly<T>(p: Promise<T>): Promise<T>;
`;

async function reported(body: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${PRELUDE}\nexport async function f(): Promise<unknown> {\n${body}\n}\n`, { filePath: join(dir, 'case.ts') });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.map((m) => m.message.split(' ')[0]);
}

describe('promise-held-across-await', () => {
  it('reports a promise first awaited after another await (the networkB crash)', async () => {
    expect(await reported(`const viaHttp = lookup();\nawait other();\nreturn viaHttp;`)).toEqual(["'viaHttp'"]);
  });

  it('reports it after a for await and after an awaited loop body', async () => {
    expect(await reported(`const p = lookup();\nfor await (const x of [1]) void x;\nreturn p;`)).toEqual(["'p'"]);
    expect(await reported(`let p: Promise<string>;\np = lookup();\nfor (const x of [1]) await other();\nreturn p;`)).toEqual(["'p'"]);
  });

  it('reports a stored promise that is never used', async () => {
    expect(await reported(`const lost = lookup();\nreturn 1;`)).toEqual(["'lost'"]);
  });

  it('accepts a promise handled where it is made, or used before anything else is awaited', async () => {
    expect(await reported(`const p = startedEarly(lookup());\nawait other();\nreturn p;`)).toEqual([]);
    expect(await reported(`const p = lookup().catch(() => null);\nawait other();\nreturn p;`)).toEqual([]);
    expect(await reported(`const p = lookup().then(String, () => '');\nawait other();\nreturn p;`)).toEqual([]);
    expect(await reported(`const p = lookup();\nconst q = other();\nreturn Promise.all([p, q]);`)).toEqual([]);
    expect(await reported(`const p = lookup();\nreturn await Promise.race([p, other()]);`)).toEqual([]);
    expect(await reported(`const p = lookup();\nreturn p;`)).toEqual([]);
  });

  it('counts only the waits of the function itself, not of a function it defines', async () => {
    expect(await reported(`const p = lookup();\nconst later = async () => { await other(); };\nvoid later;\nreturn p;`)).toEqual([]);
  });

  it('ignores values that are not promises', async () => {
    expect(await reported(`const n = 1;\nawait other();\nreturn n;`)).toEqual([]);
  });
});
