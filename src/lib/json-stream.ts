import { Readable } from 'node:stream';

/** A JSON array written as it is read from `items`, an item at a time (bounded memory). */
export function jsonArrayStream(items: AsyncIterable<unknown>): Readable {
  return Readable.from(
    (async function* () {
      let first = true;
      yield '[';
      for await (const item of items) {
        yield `${first ? '\n' : ',\n'}${JSON.stringify(item)}`;
        first = false;
      }
      yield first ? ']\n' : '\n]\n';
    })(),
  );
}

/** Records (arrays in `columns` order) as objects keyed by the column names. */
export async function* recordObjects(columns: readonly string[], records: AsyncIterable<readonly unknown[]>): AsyncGenerator<Record<string, unknown>> {
  for await (const record of records) yield Object.fromEntries(columns.map((c, i) => [c, record[i]]));
}
