import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** How many jobs there are of each kind in each state (queued, running, done, failed). */
export async function countJobsByKindAndStatus(db: Kysely<Database>): Promise<{ kind: string; status: string; n: number }[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['kind', 'status', (eb) => eb.fn.countAll().as('n')])
    .groupBy(['kind', 'status'])
    .execute();
  return rows.map((r) => ({ kind: r.kind, status: r.status, n: Number(r.n) }));
}
