import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';

/** What a query runs on: the database, or a transaction of it. */
export type Tx = Kysely<Database> | Transaction<Database>;
