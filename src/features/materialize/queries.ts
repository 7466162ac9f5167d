import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AppContext } from '../../runtime/context.js';

// Materialize reads and writes through the lists, documents and messages services; the one thing
// of its own is the transaction that target `both` runs them in (a list and a document: both or
// neither).

export type Tx = Kysely<Database>;

export function inOneTransaction<T>(ctx: AppContext, fn: (trx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.kysely.transaction().execute(fn);
}
