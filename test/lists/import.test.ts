import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { activeUser, addRow, bearerOf, call, cookieOf, createList, expectError, importCsvFile, importFinished, uploadCsv, type Auth } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const upload = (auth: Auth | undefined, listId: string, csv: string | null, fields: Record<string, string> = {}) => uploadCsv(t, auth, listId, csv, fields);
const finished = (auth: Auth, listId: string, jobId: string) => importFinished(t, auth, listId, jobId);
const importCsv = (auth: Auth, listId: string, csv: string, fields: Record<string, string> = {}) => importCsvFile(t, auth, listId, csv, fields);

const titles = async (auth: Auth, listId: string) =>
  (await call(t, 'GET', `/api/lists/${listId}/data?limit=200`, auth)).json().data.map((r: any) => r.data.title);

describe('POST /api/lists/{id}/import', () => {
  it('imports valid lines (header by key or label), typed cells, with progress figures', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const csv = 'title,Pages,tags,owned,status\nDune,412,sf;classic,yes,done\n"Emma, a novel",320,,false,\n';
    const job = await importCsv(bearerOf(me), list.id, csv);
    expect(job).toEqual({ id: expect.any(String), status: 'done', dryRun: false, total: 2, processed: 2, inserted: 2, updated: 0, skipped: 0, errors: [] });
    const rows = (await call(t, 'GET', `/api/lists/${list.id}/data`, cookieOf(me))).json().data;
    expect(rows.map((r: any) => r.data)).toEqual([
      expect.objectContaining({ title: 'Dune', pages: 412, tags: ['sf', 'classic'], owned: true, status: 'done' }),
      expect.objectContaining({ title: 'Emma, a novel', pages: 320, tags: null, owned: false, status: 'to read' }),
    ]);
  });

  it('mixed valid and invalid lines: all-or-nothing imports nothing; valid-rows imports the valid ones; errors name the file line', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const csv = 'title,pages\nA,10\n,5\nC,zero\nD,4\n';
    const strict = await importCsv(cookieOf(me), list.id, csv);
    expect(strict).toMatchObject({ status: 'failed', inserted: 0, errors: [{ line: 3, messages: ['Title is required'] }, { line: 4, messages: ['Pages must be a number'] }] });
    expect(await titles(cookieOf(me), list.id)).toEqual([]);
    const lenient = await importCsv(cookieOf(me), list.id, csv, { mode: 'valid-rows' });
    expect(lenient).toMatchObject({ status: 'done', total: 4, inserted: 2, skipped: 2 });
    expect(lenient.errors.map((e: any) => e.line)).toEqual([3, 4]);
    expect(await titles(cookieOf(me), list.id)).toEqual(['A', 'D']);
  });

  it('a dry run reports without writing', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const job = await importCsv(cookieOf(me), list.id, 'title\nA\nB\n', { dryRun: 'true' });
    expect(job).toMatchObject({ status: 'done', dryRun: true, total: 2, inserted: 2, errors: [] });
    expect(await titles(cookieOf(me), list.id)).toEqual([]);
  });

  it('upserts by a unique key column and reports unique clashes (in the file and with stored rows)', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const existing = await addRow(t, cookieOf(me), list.id, { title: 'Old', isbn: '1', pages: 9 });
    const job = await importCsv(cookieOf(me), list.id, 'isbn,title\n1,New title\n2,Two\n', { upsertKey: 'isbn' });
    expect(job).toMatchObject({ status: 'done', inserted: 1, updated: 1 });
    const rows = (await call(t, 'GET', `/api/lists/${list.id}/data`, cookieOf(me))).json().data;
    expect(rows.find((r: any) => r.id === existing.id).data).toMatchObject({ title: 'New title', isbn: '1', pages: 9 });

    const clash = await importCsv(cookieOf(me), list.id, 'isbn,title\n2,X\n3,Y\n3,Z\n', { mode: 'valid-rows' });
    expect(clash).toMatchObject({ status: 'done', inserted: 1, skipped: 2, errors: [{ line: 2, messages: ['ISBN must be unique'] }, { line: 4, messages: ['ISBN must be unique'] }] });
    expectError(await upload(cookieOf(me), list.id, 'title\nA\n', { upsertKey: 'title' }), 400);
  });

  it('a malformed CSV or unknown header fails the job; bad requests are 400; another user 404; anonymous 401', async () => {
    const me = await activeUser(t);
    const other = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const bad = await importCsv(cookieOf(me), list.id, 'title,pages\n"unclosed,1\n');
    expect(bad.status).toBe('failed');
    expect(bad.errors[0].messages[0]).toMatch(/^The file is not valid CSV/);
    const unknown = await importCsv(cookieOf(me), list.id, 'title,nope\nA,1\n');
    expect(unknown).toMatchObject({ status: 'failed', errors: [{ line: 1, messages: ['nope is not a column of this list'] }] });
    expectError(await upload(cookieOf(me), list.id, null), 400);
    expectError(await upload(cookieOf(me), list.id, 'title\nA\n', { mode: 'sometimes' }), 400);
    expectError(await call(t, 'POST', `/api/lists/${list.id}/import`, cookieOf(me), { file: 'x' }), 400);
    expectError(await upload(cookieOf(other), list.id, 'title\nA\n'), 404);
    expectError(await upload(undefined, list.id, 'title\nA\n'), 401);
    const job = (await upload(cookieOf(me), list.id, 'title\nA\n')).json().job;
    expectError(await call(t, 'GET', `/api/lists/${list.id}/imports/${job.id}`, cookieOf(other)), 404);
    await finished(cookieOf(me), list.id, job.id);
  });

  it('keeps a character outside the BMP whole where csv-parse reads the file in chunks', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    // Lines ending in a lone \r are read by csv-parse (not by the fast reader), 262,144 characters
    // at a time: the emoji's first half is placed last in the first chunk.
    let csv = 'title\r';
    while (csv.length < 262_144 - 2000) csv += `${'x'.repeat(999)}\r`;
    const title = `${'y'.repeat(262_144 - 1 - csv.length)}😀z`;
    csv += `${title}\r`;
    const job = await importCsv(cookieOf(me), list.id, csv);
    expect(job).toMatchObject({ status: 'done', errors: [] });
    expect((await call(t, 'GET', `/api/lists/${list.id}/data?limit=1&sort=-createdAt`, cookieOf(me))).json().data[0].data.title).toBe(title);
  });

  it('imports a file of 10,000 lines', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const lines = Array.from({ length: 10_000 }, (_, i) => `Title ${i},${i + 1},k${i}`);
    const job = await importCsv(cookieOf(me), list.id, `title,pages,isbn\n${lines.join('\n')}\n`);
    expect(job).toMatchObject({ status: 'done', total: 10_000, processed: 10_000, inserted: 10_000, errors: [] });
    expect((await call(t, 'GET', `/api/lists/${list.id}/data?limit=1`, cookieOf(me))).json().pagination.total).toBe(10_000);
  });
});
