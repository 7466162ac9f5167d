import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Member } from '../messages/helpers.js';
import { expectAnswer, makeList, makeRow, send, verified } from '../share-links/support.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, signInWith, startWeb, type WebHarness } from './browser-support.js';

// The lists screens in headless Chromium: folders; a new list made with the schema editor (all
// twelve column types, their rules, conditional visibility); the rows grid by the keyboard (move,
// edit, save, cancel), each API error beside its cell or field with what was typed kept; delete,
// trash and restore; sort, filter, search and saved views; CSV import with its row errors and
// export; watching; a large list paged (only the pages shown are fetched); a viewer's read-only
// grid; deleting a list and a folder. axe on every state, both schemes.

let web: WebHarness;
let owner: Member;
let page: Page;
let problems: string[] = [];
let listId: string;

beforeAll(async () => {
  web = await startWeb();
  owner = await verified(web.t);
}, BROWSER_HOOK_TIMEOUT);
afterAll(async () => web?.close());
afterEach(() => expect(problems).toEqual([]));
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

async function signIn(who: Member) {
  if (!page) ({ page, problems } = await web.open());
  await signInWith(page, web.base, who.cookie);
}

const api = async (path: string) => (await page.request.get(path)).json();
const column = (i: number) => page.locator('.column-editor').nth(i);
const grid = () => page.getByRole('grid');
const cellText = (row: number, col: number) => grid().locator(`[data-cell="${row}:${col}"]`).innerText();
const focusedCell = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-cell]')?.dataset.cell ?? null);
const status = (text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

it('shows the lists screen, makes folders, renames one', async () => {
  await signIn(owner);
  await page.goto('/lists');
  await settled(page, 'Lists');
  await page.getByText('No lists here yet.').waitFor();
  await expectAccessible(page, 'lists, empty');

  await page.getByLabel('New folder').fill('Work');
  await page.getByRole('button', { name: 'Create folder' }).click();
  await page.getByRole('button', { name: 'Work', exact: true }).and(page.locator('[aria-current="true"]')).waitFor();
  await page.getByLabel('New folder').fill('Projects');
  await page.getByLabel('Inside').selectOption({ label: 'Work' });
  await page.getByRole('button', { name: 'Create folder' }).click();
  await page.getByRole('heading', { name: 'Lists in Projects' }).waitFor();
  await page.getByLabel('Rename the folder Projects').fill('Current projects');
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await page.getByRole('heading', { name: 'Lists in Current projects' }).waitFor();
  const { folders } = await api('/api/folders');
  const work = folders.find((f: { name: string }) => f.name === 'Work');
  expect(folders).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Current projects', parentId: work.id })]));
  await expectAccessible(page, 'lists, a folder selected');
});

it('creates a list with the schema editor: all twelve column types, their rules, and conditional visibility', async () => {
  await page.getByRole('button', { name: 'Work', exact: true }).click();
  await page.getByRole('button', { name: 'Create a list' }).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('new-list-title');
  await page.getByLabel('Title').fill('Tasks');
  await page.getByLabel('Description').fill('What to do');

  // The first column is there already: "Name", text; required, unique, at least 2 characters.
  await column(0).getByLabel('Label').fill('Name');
  expect(await column(0).getByLabel('Key').inputValue()).toBe('name');
  await column(0).getByLabel('Required').check();
  await column(0).getByLabel(/Unique/).check();
  await column(0).getByLabel('Fewest characters').fill('2');

  const add = async (label: string, type: string) => {
    await page.getByRole('button', { name: 'Add a column' }).click();
    const c = column((await page.locator('.column-editor').count()) - 1);
    // The new column's label has the focus.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).id.endsWith('-label'))).toBe(true);
    await page.keyboard.type(label);
    await c.getByLabel('Type').selectOption(type);
    return c;
  };
  const status = await add('Status', 'select');
  await status.getByLabel('Options, one a line').fill('todo\ndoing\ndone');
  await status.getByLabel('Required').check();
  const points = await add('Points', 'number');
  await points.getByLabel('Smallest value').fill('0');
  await points.getByLabel('Largest value').fill('100');
  await points.getByLabel('Step (a hint for the input)').fill('1');
  const due = await add('Due', 'date');
  await due.getByLabel('Earliest').fill('2026-01-01');
  await add('Done', 'boolean');
  const note = await add('Note', 'textarea');
  await note.getByLabel('Most characters').fill('200');
  await note.getByText('Conditional visibility').click();
  await note.getByLabel('Show only when column').selectOption({ label: 'Status' });
  await note.getByLabel('Condition').selectOption('equals');
  await note.getByLabel('Value', { exact: true }).fill('done');
  await add('Contact', 'email');
  await add('Link', 'url');
  const phone = await add('Phone', 'tel');
  await phone.getByLabel('Pattern (regular expression)').fill('^[0-9 +]+$');
  await add('Starts', 'datetime');
  const tags = await add('Tags', 'multiselect');
  await tags.getByLabel('Options, one a line').fill('red\ngreen');
  const priority = await add('Priority', 'priority');
  await priority.getByText('Placeholder, help text and default value').click();
  await priority.getByLabel('Help text').fill('How soon');
  await priority.getByLabel('Default value').selectOption('medium');
  // Moved up and down: Tags goes above Priority and back.
  await page.getByRole('button', { name: 'Move up column 12' }).click();
  expect(await column(10).getByLabel('Label').inputValue()).toBe('Priority');
  await page.getByRole('button', { name: 'Move down column 11' }).click();
  expect(await column(10).getByLabel('Label').inputValue()).toBe('Tags');
  await expectAccessible(page, 'schema editor with twelve columns');

  await page.getByRole('button', { name: 'Create list', exact: true }).click();
  await settled(page, 'Tasks');
  listId = new URL(page.url()).pathname.split('/').pop()!;
  const { data: list } = await api(`/api/lists/${listId}`);
  expect(list).toMatchObject({ title: 'Tasks', description: 'What to do', isPublic: false, folderId: expect.any(String) });
  const fields = list.schema.fields as Record<string, any>[];
  expect(fields.map((f) => f.type)).toEqual(['text', 'select', 'number', 'date', 'boolean', 'textarea', 'email', 'url', 'tel', 'datetime', 'multiselect', 'priority']);
  const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
  expect(byKey.name).toMatchObject({ label: 'Name', required: true, unique: true, validation: { minLength: 2 } });
  expect(byKey.status).toMatchObject({ required: true, options: ['todo', 'doing', 'done'] });
  expect(byKey.points.validation).toEqual({ min: 0, max: 100, step: 1 });
  expect(byKey.due.validation).toEqual({ min: '2026-01-01' });
  expect(byKey.note).toMatchObject({ validation: { maxLength: 200 }, visibility: { condition: { field: 'status', operator: 'equals', value: 'done' } } });
  expect(byKey.phone.validation).toEqual({ pattern: '^[0-9 +]+$' });
  expect(byKey.tags.options).toEqual(['red', 'green']);
  expect(byKey.priority).toMatchObject({ options: ['low', 'medium', 'high', 'urgent'], helpText: 'How soon', defaultValue: 'medium' });
  await page.getByText('No rows yet.').waitFor();
  await expectAccessible(page, 'a new empty list');
});

it('adds a row: each error beside its field, what was typed kept; conditional fields come and go', async () => {
  const form = page.locator('form.add-row');
  // The condition: Note appears only while Status is "done".
  expect(await form.getByLabel('Note').count()).toBe(0);
  await form.getByLabel('Status').selectOption('done');
  await form.getByLabel('Note').fill('Finished early');
  await form.getByLabel('Status').selectOption('todo');
  expect(await form.getByLabel('Note').count()).toBe(0);
  expect(await form.getByLabel('Priority').inputValue()).toBe('medium');

  await form.getByLabel('Points').fill('500');
  await form.getByLabel('Contact').fill('not an address');
  await form.getByRole('button', { name: 'Add row' }).click();
  await page.getByRole('alert').filter({ hasText: 'The row was not added' }).waitFor();
  expect(await form.locator('#add-name-error').innerText()).toBe('Name is required');
  expect(await form.locator('#add-points-error').innerText()).toBe('Points must be at most 100');
  expect(await form.locator('#add-contact-error').innerText()).toBe('Contact must be a valid email address');
  expect(await form.getByLabel('Points').getAttribute('aria-invalid')).toBe('true');
  expect(await form.getByLabel('Points').getAttribute('aria-describedby')).toBe('add-points-error');
  // What was typed is still there, and the first field with a problem has the focus.
  expect(await form.getByLabel('Points').inputValue()).toBe('500');
  expect(await form.getByLabel('Contact').inputValue()).toBe('not an address');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('add-name');
  await expectAccessible(page, 'new row with errors');

  await form.getByLabel('Name').fill('Write the report');
  await form.getByLabel('Points').fill('8');
  await form.getByLabel('Contact').fill('ada@example.com');
  await form.getByLabel('Due').fill('2026-03-01');
  await form.getByLabel('red').check();
  await form.getByLabel('Starts').fill('2026-02-03T09:30');
  await form.getByRole('button', { name: 'Add row' }).click();
  await page.getByRole('gridcell', { name: 'Write the report' }).waitFor();
  const [row] = (await api(`/api/lists/${listId}/data`)).data;
  expect(row.data).toMatchObject({ name: 'Write the report', status: 'todo', points: 8, contact: 'ada@example.com', due: '2026-03-01', tags: ['red'], priority: 'medium' });
  expect(new Date(row.data.starts).getTime()).toBe(new Date('2026-02-03T09:30').getTime());
  // The form is empty again (defaults back) for the next row.
  expect(await form.getByLabel('Name').inputValue()).toBe('');
  expect(await form.getByLabel('Priority').inputValue()).toBe('medium');
  await makeRow(web.t, owner, listId, { name: 'Buy paper', status: 'done', points: 2, note: 'A4' });
  await makeRow(web.t, owner, listId, { name: 'Call Ada', status: 'doing', points: 5 });
  await page.reload();
  await settled(page, 'Tasks');
  await status('Rows 1–3 of 3').waitFor();
});

it('moves through the grid by the keyboard, edits a cell, keeps what was typed on an error, cancels and saves', async () => {
  await grid().locator('[data-cell="1:1"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(focusedCell).toBe('1:3');
  expect(await cellText(1, 3)).toBe('8');
  await page.keyboard.press('ArrowDown');
  await expect.poll(focusedCell).toBe('2:3');
  await page.keyboard.press('End');
  await expect.poll(focusedCell).toBe('2:13');
  await page.keyboard.press('Home');
  await expect.poll(focusedCell).toBe('2:0');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect.poll(focusedCell).toBe('0:0');
  await page.keyboard.press('Control+End');
  await expect.poll(focusedCell).toBe('3:13');
  await expectAccessible(page, 'grid with rows');

  // Enter edits the first row's Points; an invalid value is refused beside the cell, and stays.
  await grid().locator('[data-cell="1:3"]').focus();
  await page.keyboard.press('Enter');
  const input = page.getByLabel('Points, row 1');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(await input.getAttribute('id'));
  await input.fill('1000');
  await page.keyboard.press('Enter');
  const error = grid().getByRole('alert');
  expect(await error.innerText()).toBe('Points must be at most 100');
  expect(await input.inputValue()).toBe('1000');
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  expect(await input.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
  await expectAccessible(page, 'grid cell with an error');
  // Escape cancels: the stored value is shown again and the focus is back on the cell.
  await page.keyboard.press('Escape');
  await expect.poll(focusedCell).toBe('1:3');
  expect(await cellText(1, 3)).toBe('8');
  // Enter again, a valid value, Enter saves.
  await page.keyboard.press('Enter');
  await page.getByLabel('Points, row 1').fill('13');
  await page.keyboard.press('Enter');
  await expect.poll(() => cellText(1, 3)).toBe('13');
  await expect.poll(focusedCell).toBe('1:3');
  expect((await api(`/api/lists/${listId}/data`)).data[0].data.points).toBe(13);

  // A multiselect cell: its options are checkboxes, Enter saves.
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(focusedCell).toBe('1:11');
  await page.keyboard.press('Enter');
  await page.getByRole('group', { name: 'Tags, row 1' }).getByLabel('green').check();
  await page.keyboard.press('Enter');
  await expect.poll(() => cellText(1, 11)).toBe('red, green');
  // The Note of a row whose Status is not "done" is not shown for that row.
  expect(await cellText(1, 6)).toContain('not shown for this row');
  expect(await cellText(2, 6)).toBe('A4');
});

it('deletes a row to the trash and restores it', async () => {
  await page.getByRole('button', { name: 'Delete row 3' }).click();
  await status('Rows 1–2 of 2').waitFor();
  await page.getByText('Trash: deleted rows, kept for 30 days').click();
  const restore = page.getByRole('button', { name: /Restore the row Call Ada/ });
  await restore.waitFor();
  await expectAccessible(page, 'trash open');
  await restore.click();
  await status('Rows 1–3 of 3').waitFor();
  await page.getByText('The trash is empty.').waitFor();
  expect((await api(`/api/lists/${listId}/trash`)).data).toEqual([]);
});

it('sorts by a column, filters, searches, and saves a view', async () => {
  const names = async () => (await grid().locator('tbody tr').evaluateAll((rows) => rows.map((r) => (r.children[1] as HTMLElement).innerText)));
  await page.getByRole('button', { name: 'Points (sort)' }).click();
  await expect.poll(names).toEqual(['Buy paper', 'Call Ada', 'Write the report']);
  expect(await page.getByRole('columnheader', { name: 'Points (sort)' }).getAttribute('aria-sort')).toBe('ascending');
  await page.getByRole('button', { name: 'Points (sort)' }).click();
  await expect.poll(names).toEqual(['Write the report', 'Call Ada', 'Buy paper']);
  expect(await page.getByRole('columnheader', { name: 'Points (sort)' }).getAttribute('aria-sort')).toBe('descending');

  await page.locator('summary', { hasText: 'Filters' }).click();
  await page.getByLabel('Column', { exact: true }).selectOption({ label: 'Status' });
  await page.getByLabel('Condition').selectOption('notEquals');
  await page.getByLabel('Value', { exact: true }).selectOption('done');
  await page.getByRole('button', { name: 'Add filter' }).click();
  await expect.poll(names).toEqual(['Write the report', 'Call Ada']);
  await expectAccessible(page, 'grid sorted and filtered');

  await page.getByLabel('Save this sort and these filters as a view named').fill('Open tasks');
  await page.getByRole('button', { name: 'Save view' }).click();
  await expect.poll(() => page.getByLabel('Saved view').inputValue()).not.toBe('');
  expect((await api(`/api/lists/${listId}/views`)).views).toEqual([
    expect.objectContaining({ name: 'Open tasks', sort: '-points', filter: [{ field: 'status', operator: 'notEquals', value: 'done' }] }),
  ]);
  await expect.poll(names).toEqual(['Write the report', 'Call Ada']);
  await page.getByLabel('Saved view').selectOption({ label: '(all rows)' });
  await expect.poll(names).toEqual(['Write the report', 'Buy paper', 'Call Ada']);
  await page.getByLabel('Saved view').selectOption({ label: 'Open tasks' });
  await expect.poll(names).toEqual(['Write the report', 'Call Ada']);

  // A search within the view.
  await page.getByLabel('Search the rows').fill('call');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(names).toEqual(['Call Ada']);
  await expectAccessible(page, 'grid through a saved view and a search');
  await page.getByLabel('Search the rows').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Delete the view Open tasks' }).click();
  await expect.poll(names).toEqual(['Write the report', 'Buy paper', 'Call Ada']);
  expect((await api(`/api/lists/${listId}/views`)).views).toEqual([]);
});

it('imports a CSV file: row errors by line, then the valid lines; exports the list as CSV', async () => {
  const csv = 'name,status,points\nRead a book,todo,3\n,doing,4\nPlan,unknown,5\n';
  const file = { name: 'tasks.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };
  await page.getByLabel(/^CSV file/).setInputFiles(file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await status(/failed/).waitFor();
  expect(await page.locator('.import-errors li').allInnerTexts()).toEqual(['Line 3: Name is required', expect.stringMatching(/^Line 4: Status must be one of: todo, doing, done/)]);
  await expectAccessible(page, 'import with line errors');
  await status('Rows 1–3 of 3').waitFor();

  await page.getByLabel(/^CSV file/).setInputFiles(file);
  await page.getByLabel('When a line is invalid').selectOption('valid-rows');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await status('Done: 1 added, 0 updated, 2 skipped.').waitFor();
  expect(await page.locator('progress').getAttribute('value')).toBe(await page.locator('progress').getAttribute('max'));
  await status('Rows 1–4 of 4').waitFor();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export as CSV' }).click()]);
  const { createReadStream } = await import('node:fs');
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream((await download.path())!)) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  expect(text.split(/\r?\n/)[0]).toContain('Name');
  expect(text).toContain('Read a book');
  expect(text).toContain('Write the report');
});

it('watches and stops watching the list', async () => {
  const watchers = () => web.t.db.kysely.selectFrom('list_watchers').select('user_id').where('list_id', '=', listId).execute();
  await page.getByRole('button', { name: 'Watch this list' }).click();
  await status('You are watching this list').waitFor();
  expect(await watchers()).toEqual([{ user_id: owner.user.id }]);
  await expectAccessible(page, 'watching');
  await page.getByRole('button', { name: 'Stop watching' }).click();
  await status('You are not watching this list.').waitFor();
  expect(await watchers()).toEqual([]);
});

it('edits the columns keeping their data', async () => {
  await page.getByText('Edit the columns').click();
  const points = page.locator('.edit-columns .column-editor').nth(2);
  await points.getByLabel('Label').fill('Effort');
  await page.getByRole('button', { name: 'Save the columns' }).click();
  await page.getByRole('button', { name: 'Effort (sort)' }).waitFor();
  const { data: list } = await api(`/api/lists/${listId}`);
  expect(list.schema.fields[2]).toMatchObject({ key: 'points', label: 'Effort' });
  expect((await api(`/api/lists/${listId}/data?sort=points`)).data.map((r: any) => r.data.points)).toEqual([2, 3, 5, 13]);
  await expectAccessible(page, 'columns editor');
});

it('pages through a large list: only the pages shown are fetched', async () => {
  const big = await makeList(web.t, owner, { title: 'Big', schema: { name: 'Big', fields: [{ key: 'n', type: 'number', label: 'N' }] } });
  for (let i = 1; i <= 120; i++) await makeRow(web.t, owner, big, { n: i });
  const fetched: string[] = [];
  const watch = (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname === `/api/lists/${big}/data`) fetched.push(`${url.searchParams.get('offset')}+${url.searchParams.get('limit')}`);
  };
  page.on('request', watch);
  await page.goto(`/lists/${big}`);
  await settled(page, 'Big');
  await status('Rows 1–50 of 120 · page 1 of 3').waitFor();
  expect(await grid().getAttribute('aria-rowcount')).toBe('121');
  expect(await cellText(1, 1)).toBe('1');
  await page.getByRole('button', { name: 'Next page' }).click();
  await status('Rows 51–100 of 120 · page 2 of 3').waitFor();
  expect(await cellText(1, 1)).toBe('51');
  expect(await grid().locator('tbody tr').first().getAttribute('aria-rowindex')).toBe('52');
  // Page Down from a cell turns the page and keeps the focus in the grid.
  await grid().locator('[data-cell="1:1"]').focus();
  await page.keyboard.press('PageDown');
  await status('Rows 101–120 of 120 · page 3 of 3').waitFor();
  await expect.poll(focusedCell).toBe('1:1');
  expect(await cellText(1, 1)).toBe('101');
  await page.keyboard.press('PageUp');
  await status('Rows 51–100 of 120 · page 2 of 3').waitFor();
  await page.getByLabel('Page', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await status('Rows 1–50 of 120 · page 1 of 3').waitFor();
  await expectAccessible(page, 'a large list, paged');
  page.off('request', watch);
  expect(fetched).toEqual(['0+50', '50+50', '100+50', '50+50', '0+50']);
});

it('a viewer reads a shared list: shared with me, the grid read-only, no row forms', async () => {
  const reader = await verified(web.t);
  expectAnswer(await send(web.t, owner, 'POST', `/api/lists/${listId}/collaborators`, { username: reader.user.username, role: 'viewer' }), 201);
  await signIn(reader);
  await page.goto('/lists');
  await settled(page, 'Lists');
  const shared = page.getByRole('region', { name: 'Shared with me' });
  await shared.getByRole('link', { name: 'Tasks' }).click();
  await settled(page, 'Tasks');
  await page.getByText('shared with you: you can read it').waitFor();
  await status('Rows 1–4 of 4').waitFor();
  expect(await page.locator('form.add-row').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);
  await grid().locator('[data-cell="1:1"]').focus();
  await page.keyboard.press('Enter');
  expect(await grid().locator('.cell-editor').count()).toBe(0);
  expect(await grid().locator('[data-cell="1:1"]').getAttribute('aria-readonly')).toBe('true');
  await expectAccessible(page, 'a shared list, read-only');
  // The owner deletes a row elsewhere: the viewer's grid, told by the event stream, follows
  // without a reload.
  const first = expectAnswer(await send(web.t, owner, 'GET', `/api/lists/${listId}/data?limit=1`), 200).data[0].id as string;
  expectAnswer(await send(web.t, owner, 'DELETE', `/api/lists/${listId}/data/${first}`), 200);
  await status('Rows 1–3 of 3').waitFor();
  // The owner sees who it is shared with.
  await signIn(owner);
  await page.goto(`/lists/${listId}`);
  await settled(page, 'Tasks');
  await page.getByRole('region', { name: 'Shared with' }).getByText(`@${reader.user.username}`).waitFor();
});

it('deletes a list (asked twice) and a folder (its lists move out)', async () => {
  await page.goto('/lists');
  await settled(page, 'Lists');
  const card = (title: string): Locator => page.locator('.list-cards li').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await card('Big').getByRole('button', { name: 'Delete Big' }).click();
  await card('Big').getByRole('button', { name: 'Delete Big for good' }).click();
  await card('Big').waitFor({ state: 'detached' });
  expect((await page.request.get(`/api/lists/${listId}`)).status()).toBe(200);

  await page.getByRole('button', { name: 'Work', exact: true }).click();
  await card('Tasks').waitFor();
  await page.getByRole('button', { name: 'Delete folder' }).click();
  await page.getByRole('heading', { name: 'All your lists' }).waitFor();
  expect((await api(`/api/lists/${listId}`)).data.folderId).toBe(null);
  expect((await api('/api/folders')).folders.map((f: { name: string }) => f.name)).not.toContain('Work');
  await expectAccessible(page, 'lists after deletes');
});
