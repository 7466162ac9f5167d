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

  it('in a transaction: compiled once for the database, run on the transaction (its writes roll back with it)', async () => {
    let builds = 0;
    const rename = preparedQuery(
      (k: Kysely<Database>, name: string, id: string) => {
        builds += 1;
        return k.updateTable('organizations').set({ name }).where('id', '=', id);
      },
      ['$name', '$id'] as const,
    );
    await rename(db.kysely, 'One', 'o1');
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await rename(trx, 'Renamed', 'o1');
        expect(await trx.selectFrom('organizations').select('name').where('id', '=', 'o1').executeTakeFirst()).toEqual({ name: 'Renamed' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db.kysely.transaction().execute((trx) => rename(trx, 'Uno', 'o1'));
    expect(builds).toBe(1);
    expect(await db.kysely.selectFrom('organizations').select('name').where('id', '=', 'o1').executeTakeFirst()).toEqual({ name: 'Uno' });
    await rename(db.kysely, 'One', 'o1');
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
