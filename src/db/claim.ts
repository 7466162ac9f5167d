import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Engine } from './connection.js';

// Claiming due work so that several instances never take the same row twice.
//
// A claim is one statement: `UPDATE t SET <claimed> WHERE <still due> AND id IN (<due ids>)
// RETURNING *`. On PostgreSQL the inner select locks the rows it picks with `FOR UPDATE SKIP
// LOCKED`, so a concurrent claim skips them instead of waiting, and the outer condition is
// re-checked against the committed row. On SQLite there is one writer: the single UPDATE runs
// whole, and the next claim sees its result.

/** The select of due ids, made to lock its rows on PostgreSQL (`FOR UPDATE SKIP LOCKED`). */
export function lockDue<DB, TB extends keyof DB, O>(engine: Engine, select: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return engine === 'postgres' ? select.forUpdate().skipLocked() : select;
}

/**
 * `column IN (<due ids>)` for the claiming UPDATE. On PostgreSQL the ids are gathered once, into
 * an array (an InitPlan): a plain `IN (sub-select)` may be re-scanned while the UPDATE runs, and
 * each re-scan skips the rows this statement has already updated and locks further ones, so one
 * claim could take more rows than its LIMIT (seen with two runners racing).
 */
export function inClaimed<DB, TB extends keyof DB, O>(engine: Engine, column: string, select: SelectQueryBuilder<DB, TB, O>): Expression<SqlBool> {
  return engine === 'postgres' ? sql<SqlBool>`${sql.ref(column)} = any(array(${select}))` : sql<SqlBool>`${sql.ref(column)} in (${select})`;
}
