import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { activeUser, call, cookieOf } from '../lists/support.js';

// Invalid input is answered in words: every problem of the request at once, no regular
// expression, the refused value named where an enumeration refused it; request shapes and list
// rows share one shape of answer, 400 { error, code, errors }: code bad_request for a request
// that breaks its schema (the spec's "schema invalid"), validation_failed for a row.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
/** The answer to input that breaks a request's schema (code bad_request) or a list row's rules (validation_failed). */
const failed = (...errors: string[]) => ({ error: errors[0], code: 'bad_request', errors });
const rowFailed = (...errors: string[]) => ({ error: errors[0], code: 'validation_failed', errors });
/** What an expression would look like in a message. */
const REGEX_LIKE = /\^|\$|\\S|\[A-Za-z|must match pattern/;

describe('validation errors in words', () => {
  it('register says what a username may contain, not its pattern', async () => {
    const res = await register({ email: 'words@example.org', username: 'a b', password: 'correct horse battery', displayName: 'Words' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(failed('username may contain letters, digits and _ (3 to 30)'));
  });

  it('register reports every bad field at once', async () => {
    const res = await register({ email: 'not-an-address', username: 'ab', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      failed(
        'displayName is required',
        'email must be an e-mail address (name@example.org)',
        'username may contain letters, digits and _ (3 to 30)',
        'password must be at least 8 characters',
      ),
    );
  });

  it('a profile edit: blank, too long, wrong type and an enumeration naming the refused value', async () => {
    const me = await activeUser(t);
    const res = await call(t, 'PATCH', '/api/user', cookieOf(me), {
      displayName: '   ',
      bio: 'x'.repeat(501),
      avatar: 5,
      maxMessageLength: 0,
      viewingPreference: 'sometimes',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      failed(
        'displayName must not be blank',
        'bio must be at most 500 characters',
        'avatar must be a string or null',
        'maxMessageLength must be at least 1',
        'viewingPreference must be one of: all, following ("sometimes" is not)',
      ),
    );
    const link = await call(t, 'PATCH', '/api/user', cookieOf(me), { avatar: 'javascript:alert(1)' });
    expect(link.json()).toEqual(failed('avatar must be an http:// or https:// URL without spaces'));
    for (const message of [...res.json().errors, ...link.json().errors]) expect(message).not.toMatch(REGEX_LIKE);
  });

  it('a list row: the refused values of a select and a multiselect are named; same code and shape as a request error', async () => {
    const me = await activeUser(t);
    const schema = {
      name: 'Tasks',
      fields: [
        { key: 'title', type: 'text', label: 'Title', required: true },
        { key: 'state', type: 'select', label: 'State', options: ['open', 'done'] },
        { key: 'labels', type: 'multiselect', label: 'Labels', options: ['red', 'green'] },
      ],
    };
    const created = await call(t, 'POST', '/api/lists', cookieOf(me), { title: 'Tasks', schema });
    expect(created.statusCode, created.body).toBe(201);
    const res = await call(t, 'POST', `/api/lists/${created.json().data.id}/data`, cookieOf(me), { data: { state: 'later', labels: ['red', 'blue', 'pink'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      rowFailed('Title is required', 'State must be one of: open, done ("later" is not)', 'Labels must be one of: red, green ("blue", "pink" are not)'),
    );
  });

  it('a list schema with an invalid pattern says it is invalid; lookaround says it is not supported', async () => {
    const me = await activeUser(t);
    const withPattern = (pattern: string) => ({
      title: 'Codes',
      schema: { name: 'Codes', fields: [{ key: 'code', type: 'text', label: 'Code', validation: { pattern } }] },
    });
    const invalid = await call(t, 'POST', '/api/lists', cookieOf(me), withPattern('(abc'));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ error: 'Invalid schema: Field "code" validation.pattern is not a valid regular expression: missing closing ): `(abc`', code: 'bad_request' });
    const lookahead = await call(t, 'POST', '/api/lists', cookieOf(me), withPattern('^(?!admin)'));
    expect(lookahead.json()).toEqual({
      error: 'Invalid schema: Field "code" validation.pattern uses lookaround ((?=, (?!, (?<=, (?<!), which is not supported',
      code: 'bad_request',
    });
  });

  it('query strings too: every bad parameter, in words', async () => {
    const me = await activeUser(t);
    const res = await call(t, 'GET', '/api/lists?limit=0&offset=-1', cookieOf(me));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(failed('limit must be at least 1', 'offset must be at least 0'));
  });
});
