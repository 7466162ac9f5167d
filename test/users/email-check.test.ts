import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmailAddress } from '../../src/lib/email.js';
import { createTestApp, uniqueName, type TestApp } from '../helpers/app.js';
import { activeUser, bearerOf, call, createList, type Auth } from '../lists/support.js';

// One e-mail address check for the whole service: an address an account may have is exactly an
// address a list cell of type `email` accepts, and the other way round.

const ACCEPTED = ['ada@example.org', 'first.last+tag@mail.example.co.uk', "o'brien@example.ie", 'x_1@sub-domain.example.com'];
const REFUSED = [
  'not-an-email',
  'ada@localhost',
  'a..b@example.com',
  '.ada@example.com',
  'ada.@example.com',
  'josé@example.com',
  'ada@-example.com',
  'ada@example..com',
  'ada @example.com',
  'ada@exa mple.com',
  `${'a'.repeat(243)}@example.com`, // 255 characters, one over the limit
];

let t: TestApp;
let owner: Auth;
let listId: string;

beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  owner = bearerOf(await activeUser(t));
  listId = (await createList(t, owner, { schema: { name: 'Contacts', fields: [{ key: 'mail', type: 'email', label: 'Mail' }] } })).id;
});
afterAll(() => t.close());

async function register(email: string) {
  const username = uniqueName('em');
  return t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, username, password: 'correct horse battery', displayName: 'E' } });
}

async function addCell(email: string) {
  return call(t, 'POST', `/api/lists/${listId}/data`, owner, { data: { mail: email } });
}

describe('the e-mail address check', () => {
  it('the longest address accepted is 254 characters', () => {
    expect(isEmailAddress(`${'a'.repeat(242)}@example.com`)).toBe(true);
  });

  it.each(ACCEPTED)('accepts %s for an account and for a list cell', async (email) => {
    expect(isEmailAddress(email)).toBe(true);
    const reg = await register(email);
    expect(reg.statusCode, reg.body).toBe(201);
    const cell = await addCell(email);
    expect(cell.statusCode, cell.body).toBe(201);
  });

  it.each(REFUSED)('refuses %j for an account and for a list cell alike', async (email) => {
    expect(isEmailAddress(email)).toBe(false);
    const reg = await register(email);
    expect(reg.statusCode, reg.body).toBe(400);
    expect(reg.json()).toMatchObject({ code: 'bad_request' });
    const cell = await addCell(email);
    expect(cell.statusCode, cell.body).toBe(400);
    expect(cell.json()).toMatchObject({ code: 'validation_failed', errors: ['Mail must be a valid email address'] });
  });
});
