import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

/**
 * A query built and compiled once, then run with fresh parameters. Kysely's builder costs about
 * 20 µs per query; on a path every request takes (resolving the caller) that is worth saving.
 * `build` is called once with `sample` values, distinct markers (strings, such as '$id', even where
 * the parameter is not a string); the compiled query must bind exactly those values in that
 * order, which is checked, so a later edit cannot silently misplace a parameter. The
 * compiled text is kept per dialect (its adapter), so a transaction of the database, a new
 * Kysely instance each time, uses the text compiled for the database.
 */
export function preparedQuery<DB, P extends readonly unknown[], R>(
  build: (db: Kysely<DB>, ...params: P) => Compilable<R>,
  sample: P,
): (db: Kysely<DB>, ...params: P) => Promise<R[]> {
  const compiled = new WeakMap<object, string>();
  return async (db, ...params) => {
    const dialect = db.getExecutor().adapter;
    let sql = compiled.get(dialect);
    if (sql === undefined) {
      const query = build(db, ...sample).compile();
      if (query.parameters.length !== sample.length || query.parameters.some((p, i) => p !== sample[i])) {
        throw new Error('preparedQuery: the query must bind its parameters once each, in order');
      }
      sql = query.sql;
      compiled.set(dialect, sql);
    }
    const { rows } = await db.executeQuery<R>(CompiledQuery.raw(sql, [...params]));
    return rows;
  };
}
