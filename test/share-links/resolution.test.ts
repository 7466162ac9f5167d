import { describe, expect, it } from 'vitest';
import { AppError, badRequest, conflict, notFound } from '../../src/http/errors.js';
import { linkNotFound, readingItem } from '../../src/features/share-links/resolution.js';
import { LINK_NOT_FOUND } from './support.js';

// The piece of link resolution no HTTP test can reach on purpose: an item that goes between its
// link's lookup and its own read (a race) answers the link's one 404, and nothing else is hidden.

describe('readingItem', () => {
  it('passes the item through', async () => {
    await expect(readingItem(Promise.resolve({ id: 'x' }))).resolves.toEqual({ id: 'x' });
  });

  it('turns the item’s own 404 into the link’s 404, body for body', async () => {
    const err = await readingItem(Promise.reject(notFound('List not found'))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect({ status: (err as AppError).statusCode, error: (err as AppError).message, code: (err as AppError).code }).toEqual({ status: 404, ...LINK_NOT_FOUND });
    expect(linkNotFound()).toMatchObject({ statusCode: 404, message: LINK_NOT_FOUND.error, code: LINK_NOT_FOUND.code });
  });

  it('leaves every other failure as it is', async () => {
    for (const failure of [badRequest('bad'), conflict('taken'), new Error('database gone')]) {
      await expect(readingItem(Promise.reject(failure))).rejects.toBe(failure);
    }
  });
});
