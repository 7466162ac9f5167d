import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

// Text that both engines store alike. PostgreSQL cannot store U+0000 in text (SQLite can), and a
// lone surrogate is silently turned into U+FFFD on the way to either engine, so such input would
// be stored differently or not at all. Every string in the body, query and path (keys included)
// is checked once, here, before validation, guards or any database work; a request carrying one
// is refused with 400 `invalid_characters` naming the field.

// C0 controls other than tab, LF and CR.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

function problem(text: string): string | null {
  const control = CONTROL.exec(text);
  if (control) return `a control character (U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`;
  if (!text.isWellFormed()) return 'an unpaired surrogate (invalid UTF-16)';
  return null;
}

// Parsed JSON, query strings (null-prototype objects) and params; not buffers or file streams.
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !ArrayBuffer.isView(v) && typeof (v as { pipe?: unknown }).pipe !== 'function';

/** A field path fit for an error message: control characters in keys are shown escaped. */
// eslint-disable-next-line no-control-regex -- as above
const printable = (path: string) => path.replace(/[\u0000-\u001F]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The first offending string in a value, as `[fieldPath, what]`, or null. Iterative, so a deeply
 * nested body cannot exhaust the stack.
 */
export function findInvalidText(root: unknown, rootName: string): [string, string] | null {
  const stack: [unknown, string][] = [[root, rootName]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const what = problem(value);
      if (what) return [path, what];
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}[${i}]`]);
    } else if (isRecord(value)) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        const what = problem(key);
        if (what) return [printable(childPath), what];
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseInvalidText(request.params, 'path');
    refuseInvalidText(request.query, 'query');
    refuseInvalidText(request.body, '');
  });
}

/**
 * Throws 400 `invalid_characters` naming the field when `value` holds such text. The hook above
 * runs it on every request; a route that reads its body as raw bytes (a signed webhook) runs it
 * on what it parsed.
 */
export function refuseInvalidText(value: unknown, rootName: string): void {
  const found = findInvalidText(value, rootName);
  if (found) {
    const [field, what] = found;
    throw new AppError(400, `${field || 'body'} contains ${what}, which is not allowed`, 'invalid_characters', { field: field || 'body' });
  }
}
