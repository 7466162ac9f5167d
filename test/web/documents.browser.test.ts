import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { smallPng } from '../media/images.js';
import { call, member, type Member } from '../messages/helpers.js';
import { documentOwner, share } from '../sharing/helpers.js';
import { BROWSER_HOOK_TIMEOUT, BROWSER_TEST_TIMEOUT, expectAccessible, settled, startWeb, type WebHarness } from './browser-support.js';

// The documents screens in headless Chromium: the folder tree (create, rename, move, delete), a
// document from scratch and from a template, the markdown editor with its toolbar, the preview as
// the service renders it, an image upload, saving on `baseRevision` with a conflict said in words
// and resolved each way, someone else's edit and presence appearing without a reload, the history
// with a diff and restore, delete, the trash, shared-with-me, and editing through an edit link.
// axe on every screen state, both schemes. The steps share one page, in order.

let web: WebHarness;
let page: Page;
let problems: string[];
let owner: Member;
let friend: Member;
let docId: string;
let docUrl: string;

beforeAll(async () => {
  web = await startWeb();
  owner = await documentOwner(web.t);
  friend = await member(web.t, { email_verified: true });
}, BROWSER_HOOK_TIMEOUT);
afterAll(async () => web?.close());
afterEach(() => expect(problems ?? []).toEqual([]));
vi.setConfig({ testTimeout: BROWSER_TEST_TIMEOUT });

/** The browser context signed in as `who` (its session cookie, as the sign-in form would set). */
async function signIn(context: BrowserContext, who: Member) {
  const [name, value] = who.cookie.split('=');
  await context.addCookies([{ name, value, url: web.base }]);
}

async function api(who: Member, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const res = await call(web.t, who, method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

const folders = async () => (await api(owner, 'GET', '/api/documents/folders')).folders as { id: string; name: string; parentId: string | null }[];
const folderNamed = async (name: string) => (await folders()).find((f) => f.name === name)!;
const stored = async () => (await api(owner, 'GET', `/api/documents/${docId}`)).document as { title: string; content: string; revision: number; folderId: string | null; isPublic: boolean };
const text = () => page.getByLabel('Text (markdown)');
const tree = () => page.getByRole('navigation', { name: 'Folders' });

it('starts empty, then makes, renames, moves and deletes folders', async () => {
  ({ page, problems } = await web.open());
  await signIn(page.context(), owner);
  await page.goto('/');
  await page.getByRole('link', { name: 'Documents' }).click();
  await settled(page, 'Documents');
  expect(await page.getByText('No documents here yet.').count()).toBe(1);
  await expectAccessible(page, 'documents, empty');

  // A folder at the top level, by the keyboard.
  await page.getByLabel('New folder in Top level').focus();
  await page.keyboard.type('Work');
  await page.keyboard.press('Enter');
  await tree().getByRole('link', { name: 'Work' }).click();
  await page.getByRole('heading', { level: 2, name: 'Work', exact: true }).waitFor();
  // Choosing a folder moves focus to its heading.
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('folder-heading');
  const work = await folderNamed('Work');
  expect(new URL(page.url()).search).toBe(`?folder=${work.id}`);

  // A folder inside it, renamed, then moved to the top level.
  await page.getByLabel('New folder in Work').fill('Plans');
  await page.getByRole('button', { name: 'Create folder' }).click();
  await tree().getByRole('link', { name: 'Plans' }).click();
  await page.getByRole('heading', { level: 2, name: 'Work / Plans', exact: true }).waitFor();
  expect((await folderNamed('Plans')).parentId).toBe(work.id);
  await expectAccessible(page, 'documents, a folder');
  await page.getByLabel('Folder name').fill('Roadmaps');
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('heading', { level: 2, name: 'Work / Roadmaps', exact: true }).waitFor();
  await page.getByLabel('Move into').selectOption({ label: 'Top level' });
  await page.getByRole('button', { name: 'Move' }).click();
  await page.getByRole('heading', { level: 2, name: 'Roadmaps', exact: true }).waitFor();
  expect((await folderNamed('Roadmaps')).parentId).toBeNull();
  // A folder cannot move into itself: it is not offered.
  expect(await page.getByLabel('Move into').locator('option', { hasText: 'Roadmaps' }).count()).toBe(0);

  // Delete (asked first): it goes to the trash and the page goes back to the top level.
  await page.getByRole('button', { name: 'Delete folder' }).click();
  await expectAccessible(page, 'documents, deleting a folder');
  await page.getByRole('button', { name: 'Move folder to the trash' }).click();
  await page.getByRole('heading', { level: 2, name: 'Top level', exact: true }).waitFor();
  expect((await folders()).map((f) => f.name)).not.toContain('Roadmaps');
});

it('creates a document in a folder and writes it with the toolbar; the preview is the service’s rendering', async () => {
  await tree().getByRole('link', { name: 'Work' }).click();
  await page.getByLabel('New document in Work: title').fill('Meeting notes');
  await page.getByRole('button', { name: 'Create document' }).click();
  await settled(page, 'Meeting notes');
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  docUrl = new URL(page.url()).pathname;
  docId = docUrl.split('/').pop()!;
  expect((await stored()).folderId).toBe((await folderNamed('Work')).id);
  await expectAccessible(page, 'document editor');

  // Typed, then a word made bold by the toolbar (the selection wrapped), a list by the shortcut-free button.
  await text().fill('Decisions made today\n\nship it');
  await text().evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 9));
  await page.getByRole('button', { name: 'Bold' }).click();
  expect(await text().inputValue()).toBe('**Decisions** made today\n\nship it');
  await text().evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length - 7, el.value.length));
  await page.getByRole('button', { name: 'Bulleted list' }).click();
  // Control+I italicises in the text box.
  await text().press('End');
  await text().press('Enter');
  await text().press('Enter');
  await text().press('Control+i');
  await page.keyboard.type('later');
  const typed = '**Decisions** made today\n\n- ship it\n\n_later_';
  expect(await text().inputValue()).toBe(typed);
  // Raw HTML and a script link, which the service's renderer leaves inert.
  await text().press('Control+End');
  const extra = '\n\n<script>alert(1)</script> [x](javascript:alert(1))\n\n| a | b |\n|:-:|--:|\n| 1 | 2 |';
  await page.keyboard.type(extra);
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Unsaved changes' }).count()).toBe(1);

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.waitFor();
  expect(await preview.locator('strong').textContent()).toBe('Decisions');
  expect(await preview.locator('ul li').textContent()).toBe('ship it');
  expect(await preview.locator('em').textContent()).toBe('later');
  expect(await preview.locator('script').count()).toBe(0);
  expect(await preview.textContent()).toContain('<script>alert(1)</script>');
  expect(await preview.locator('a').count()).toBe(0);
  // A table's alignment by class: no inline style for the page's CSP to refuse.
  expect(await preview.locator('td.align-right').textContent()).toBe('2');
  await expectAccessible(page, 'document preview');
  await page.getByRole('button', { name: 'Write' }).click();

  // Control+S saves on the revision it started from.
  await text().press('Control+s');
  await page.getByRole('status').filter({ hasText: 'All changes saved (revision 2)' }).waitFor();
  expect(await stored()).toMatchObject({ title: 'Meeting notes', content: typed + extra, revision: 2 });
});

it('uploads an image into the text, shown in the preview', async () => {
  await text().fill('Intro\n');
  await text().evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
  await page.getByLabel('Image description (alt text)').fill('A blue square');
  await page.getByLabel('Image file (JPEG, PNG, WebP or GIF)').setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: await smallPng() });
  await page.getByRole('status').filter({ hasText: 'square.png added to the text.' }).waitFor();
  const value = await text().inputValue();
  expect(value).toMatch(new RegExp(`^Intro\\n!\\[A blue square\\]\\(${web.base}/api/media/[^)]+\\.png\\)\\n$`));
  await expectAccessible(page, 'document editor after an upload');
  await page.getByRole('button', { name: 'Preview' }).click();
  const image = page.getByRole('region', { name: 'Preview' }).getByRole('img', { name: 'A blue square' });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  await page.getByRole('button', { name: 'Write' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'All changes saved (revision 3)' }).waitFor();
  expect((await stored()).content).toBe(value);
});

it('says in words when someone else saved first, shows their version, and keeps mine or takes theirs', async () => {
  // Mine, unsaved; theirs saved meanwhile on the same revision.
  await text().fill('My version of the notes');
  await api(owner, 'PATCH', `/api/documents/${docId}`, { content: 'Their version of the notes', baseRevision: 3 });
  await page.getByRole('button', { name: 'Save' }).click();
  const heading = page.getByRole('heading', { name: 'Not saved: someone else changed this document' });
  await heading.waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Not saved: someone else changed this document');
  expect(await page.getByText('another version was saved (revision 4)').count()).toBe(1);
  expect((await stored()).content).toBe('Their version of the notes');
  await page.getByRole('button', { name: 'See their version' }).click();
  const diff = page.getByRole('region', { name: 'Their version compared with yours' });
  expect(await diff.getByText('Only in theirs:').count()).toBe(1);
  expect(await diff.textContent()).toContain('Their version of the notes');
  await expectAccessible(page, 'document with a conflict');

  // Keep mine: saved over theirs, on their revision.
  await page.getByRole('button', { name: 'Keep mine' }).click();
  await page.getByRole('status').filter({ hasText: 'All changes saved (revision 5)' }).waitFor();
  expect(await heading.count()).toBe(0);
  expect(await stored()).toMatchObject({ content: 'My version of the notes', revision: 5 });

  // Again, and this time the page sees theirs before the save (it looks every few seconds) and
  // says so, keeping mine; then take theirs: the text box holds theirs, nothing more is saved.
  await text().fill('Another of mine');
  await api(owner, 'PATCH', `/api/documents/${docId}`, { content: 'Theirs again', baseRevision: 5 });
  await page.getByText('Someone else saved a newer version while you were editing.').waitFor({ timeout: 15_000 });
  expect(await text().inputValue()).toBe('Another of mine');
  await page.getByRole('button', { name: 'Save' }).click();
  await heading.waitFor();
  await page.getByRole('button', { name: 'Take theirs' }).click();
  expect(await text().inputValue()).toBe('Theirs again');
  await page.getByRole('status').filter({ hasText: 'All changes saved (revision 6)' }).waitFor();
  expect(await stored()).toMatchObject({ content: 'Theirs again', revision: 6 });
});

it('shows a collaborator’s edit and presence without a reload', async () => {
  await share(web.t, owner, 'documents', docId, { username: friend.user.username, role: 'editor' });
  await api(friend, 'POST', `/api/documents/${docId}/presence`, { editing: true });
  await api(friend, 'PATCH', `/api/documents/${docId}`, { content: 'Edited by a friend', baseRevision: 6 });
  await page.getByRole('status').filter({ hasText: `Also here: Display ${friend.user.username} (@${friend.user.username}), editing` }).waitFor({ timeout: 15_000 });
  await expect.poll(() => text().inputValue(), { timeout: 15_000 }).toBe('Edited by a friend');
  expect(await page.getByText('This document was changed elsewhere; you now see the newest version (revision 7).').count()).toBe(1);
  await expectAccessible(page, 'document with someone else here');
});

it('shows the history with a diff, and restores a revision', async () => {
  await page.getByRole('button', { name: 'Show the history' }).click();
  const history = page.locator('.revisions');
  await history.getByRole('button', { name: 'Revision 7' }).waitFor();
  expect(await history.getByText(`@${friend.user.username}`).count()).toBe(1);
  await history.getByRole('button', { name: 'Revision 7' }).click();
  const changes = page.getByRole('region', { name: 'Changes in revision 7' });
  await changes.waitFor();
  expect(await changes.getByText('Added:').count()).toBe(1);
  expect(await changes.getByText('Removed:').count()).toBe(1);
  expect(await page.getByText('1 line added, 1 line removed').count()).toBe(1);
  await expectAccessible(page, 'document history with a diff');

  // The entries are the API's (which groups one editor's quick edits into one).
  const entries = (await api(owner, 'GET', `/api/documents/${docId}/revisions`)).revisions as { revision: number }[];
  expect(await history.getByRole('button').allTextContents()).toEqual(entries.map((e) => `Revision ${e.revision}`));
  expect(entries.slice(0, 2).map((e) => e.revision)).toEqual([7, 6]);
  // Restore the owner's revision 6: a new revision with its content, taken by the editor at once.
  await history.getByRole('button', { name: 'Revision 6' }).click();
  await page.getByRole('heading', { name: `Revision 6: changes since revision ${entries[2].revision}` }).waitFor();
  await page.getByRole('button', { name: 'Restore revision 6' }).click();
  await expect.poll(() => text().inputValue()).toBe('Theirs again');
  expect(await stored()).toMatchObject({ content: 'Theirs again', revision: 8 });
  await page.getByRole('button', { name: 'Hide the history' }).click();
});

it('makes a document from a template, then deletes it and restores it from the trash', async () => {
  await page.getByRole('link', { name: '← Documents' }).click();
  await page.getByRole('heading', { level: 2, name: 'Work', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Add the default templates' }).click();
  await page.getByRole('list', { name: 'Templates' }).getByRole('link').first().waitFor();
  const templates = (await api(owner, 'GET', '/api/documents/templates')).documents as { id: string; title: string }[];
  expect(templates.length).toBeGreaterThan(0);
  await page.getByRole('list', { name: 'Templates' }).getByRole('link', { name: templates[0].title }).waitFor();
  await page.getByLabel('Or start from a template').selectOption({ label: templates[0].title });
  await expectAccessible(page, 'documents with templates');
  await page.getByRole('button', { name: 'Create from template' }).click();
  await settled(page, templates[0].title);
  const copyId = new URL(page.url()).pathname.split('/').pop()!;
  const copy = (await api(owner, 'GET', `/api/documents/${copyId}`)).document;
  const template = (await api(owner, 'GET', `/api/documents/${templates[0].id}`)).document;
  expect(copy).toMatchObject({ title: template.title, content: template.content, folderId: (await folderNamed('Work')).id });

  // Delete (asked first): back to its folder, and in the trash.
  await page.getByRole('button', { name: 'Delete this document' }).click();
  await page.getByRole('button', { name: 'Move to the trash' }).click();
  await page.getByRole('heading', { level: 2, name: 'Work', exact: true }).waitFor();
  expect((await call(web.t, owner, 'GET', `/api/documents/${copyId}`)).statusCode).toBe(404);
  await page.getByRole('button', { name: 'Show the trash' }).click();
  await page.getByRole('button', { name: `Restore ${template.title}` }).waitFor();
  expect(await page.getByRole('button', { name: 'Restore folder Roadmaps' }).count()).toBe(1);
  await expectAccessible(page, 'documents with the trash');
  await page.getByRole('button', { name: `Restore ${template.title}` }).click();
  await page.getByRole('list', { name: 'Documents in Work' }).getByRole('link', { name: template.title }).waitFor();
  // The restored item's button is gone; focus stays in the trash.
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('trash-heading');
  expect((await call(web.t, owner, 'GET', `/api/documents/${copyId}`)).statusCode).toBe(200);
  await page.getByRole('button', { name: 'Restore folder Roadmaps' }).click();
  await tree().getByRole('link', { name: 'Roadmaps' }).waitFor();
  expect(await page.getByText('The trash is empty.').count()).toBe(1);
});

it('lists what is shared with me, and opens a read-only share as its rendered text', async () => {
  const reader = await member(web.t, { email_verified: true });
  await share(web.t, owner, 'documents', docId, { username: reader.user.username, role: 'viewer' });
  const other = await web.open();
  await signIn(other.context, reader);
  await other.page.goto('/documents');
  await settled(other.page, 'Documents');
  const shared = other.page.getByRole('region', { name: 'Shared with me' });
  await shared.getByRole('link', { name: 'Meeting notes' }).waitFor();
  expect(await shared.textContent()).toContain(`by Display ${owner.user.username} (@${owner.user.username}) · read only`);
  await expectAccessible(other.page, 'documents shared with me');
  // Without a subscription a new document is refused, in the API's words, beside the form.
  const refusal = await call(web.t, reader, 'POST', '/api/documents', { title: 'Mine' });
  expect(refusal.statusCode).toBe(403);
  await other.page.getByLabel('New document in Top level: title').fill('Mine');
  await other.page.getByRole('button', { name: 'Create document' }).click();
  await expect.poll(() => other.page.getByRole('alert').textContent()).toBe(refusal.json().error);
  await expectAccessible(other.page, 'documents with a refusal');
  await shared.getByRole('link', { name: 'Meeting notes' }).click();
  await settled(other.page, 'Meeting notes');
  await other.page.getByRole('region', { name: 'Document text' }).getByText('Theirs again').waitFor();
  expect(await other.page.getByLabel('Text (markdown)').count()).toBe(0);
  expect(await other.page.getByText('Shared with you: read only').count()).toBe(1);
  await expectAccessible(other.page, 'a document shared read only');
  expect(other.problems).toEqual([]);
});

it('edits through an edit link once signed in (signed out, the link says how)', async () => {
  const link = (await api(owner, 'POST', `/api/documents/${docId}/share-links`, { access: 'edit' })).shareLink as { url: string };
  expect(link.url.startsWith(`${web.base}/s/`)).toBe(true);
  const visitor = await web.open();
  await visitor.page.goto(link.url);
  await settled(visitor.page, 'Meeting notes');
  await visitor.page.getByRole('region', { name: 'Document text' }).getByText('Theirs again').waitFor();
  expect(await visitor.page.getByText('This link lets you edit the document: sign in to edit it.').count()).toBe(1);
  await expectAccessible(visitor.page, 'an edit link, signed out');

  const editor = await member(web.t, { email_verified: true });
  await signIn(visitor.context, editor);
  await visitor.page.reload();
  await settled(visitor.page, 'Meeting notes');
  const box = visitor.page.getByLabel('Text (markdown)');
  expect(await box.inputValue()).toBe('Theirs again');
  await expectAccessible(visitor.page, 'an edit link, signed in');
  await box.fill('Changed through the link');
  await visitor.page.getByRole('button', { name: 'Save' }).click();
  await visitor.page.getByRole('status').filter({ hasText: 'All changes saved (revision 9)' }).waitFor();
  expect(await stored()).toMatchObject({ content: 'Changed through the link', revision: 9 });
  const history = (await api(owner, 'GET', `/api/documents/${docId}/revisions`)).revisions as { revision: number; editor: { username: string } }[];
  expect(history[0]).toMatchObject({ revision: 9, editor: { username: editor.user.username } });
  expect(visitor.problems).toEqual([]);
});

it('moves a document to another folder and makes it public from its page, and saves on the new revision', async () => {
  await page.goto(docUrl);
  await settled(page, 'Meeting notes');
  const before = await stored();
  await page.getByLabel('Folder', { exact: true }).selectOption({ label: 'Top level' });
  await expect.poll(async () => (await stored()).folderId).toBeNull();
  await page.getByLabel(/Public \(anyone signed in can read it/).check();
  await expect.poll(async () => (await stored()).isPublic).toBe(true);
  // The editor took the new revisions (only the folder and the switch changed): a save goes through.
  await page.getByRole('status').filter({ hasText: `All changes saved (revision ${before.revision + 2})` }).waitFor();
  await expectAccessible(page, 'document moved and public');
  await text().fill('After the move');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: `All changes saved (revision ${before.revision + 3})` }).waitFor();
  expect(await stored()).toMatchObject({ content: 'After the move', folderId: null, isPublic: true });
  expect(await page.getByRole('link', { name: '← Documents' }).getAttribute('href')).toBe('/documents');
});

it('by the keyboard alone: a new document, written, previewed and saved', async () => {
  await page.goto('/documents');
  await settled(page, 'Documents');
  await page.getByLabel('New document in Top level: title').focus();
  await page.keyboard.type('Typed only');
  await page.keyboard.press('Enter');
  await settled(page, 'Typed only');
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  /** Tabs forward until the element labelled `label` has focus (it must be reachable). */
  const tabTo = async (label: string) => {
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return (el?.labels?.[0]?.textContent ?? el?.textContent ?? '').trim();
      });
      if (focused === label) return;
    }
    throw new Error(`${label} is not reachable by Tab`);
  };
  await tabTo('Text (markdown)');
  await page.keyboard.type('Written ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('by keys');
  expect(await text().inputValue()).toBe('Written **by keys**');
  await page.keyboard.press('Control+s');
  await page.getByRole('status').filter({ hasText: 'All changes saved (revision 2)' }).waitFor();
  // Shift+Tab leaves the text box (no trap) and reaches Preview.
  for (let i = 0; i < 12 && (await page.evaluate(() => document.activeElement?.textContent)) !== 'Preview'; i++) await page.keyboard.press('Shift+Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Preview');
  await page.keyboard.press('Enter');
  expect(await page.getByRole('region', { name: 'Preview' }).locator('strong').textContent()).toBe('by keys');
});
