import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { preparedQuery } from '../../src/db/prepared.js';
import type { Database } from '../../src/db/types.js';
import { freshDatabase } from '../helpers/app.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  await db.kysely
    .insertInto('organizations')
    .values([
      { id: 'o1', name: 'One', slug: 'one', is_system: false, created_at: '2026-01-01T00:00:00.000Z' },
      { id: 'o2', name: 'Two', slug: 'two', is_system: true, created_at: '2026-02-01T00:00:00.000Z' },
    ])
    .execute();
});
afterAll(async () => drop());

describe('preparedQuery', () => {
  it('compiles once and runs with fresh parameters', async () => {
    const bySlugAfter = preparedQuery(
      (k: Kysely<Database>, slug: string, after: string) =>
        k.selectFrom('organizations').select(['id', 'name']).where('slug', '=', slug).where('created_at', '>', after),
      ['$slug', '$after'] as const,
    );
    expect(await bySlugAfter(db.kysely, 'one', '2025-12-31T00:00:00.000Z')).toEqual([{ id: 'o1', name: 'One' }]);
    expect(await bySlugAfter(db.kysely, 'two', '2026-01-15T00:00:00.000Z')).toEqual([{ id: 'o2', name: 'Two' }]);
    expect(await bySlugAfter(db.kysely, 'one', '2026-01-15T00:00:00.000Z')).toEqual([]);
  });

  it('refuses a query that does not bind its parameters once each, in order', async () => {
    const swapped = preparedQuery(
      (k: Kysely<Database>, slug: string, after: string) =>
        k.selectFrom('organizations').select('id').where('created_at', '>', after).where('slug', '=', slug),
      ['$slug', '$after'] as const,
    );
    await expect(swapped(db.kysely, 'one', '2025-01-01T00:00:00.000Z')).rejects.toThrow(/in order/);
  });
});
