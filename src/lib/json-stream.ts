import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';

// JSON arrays written an item at a time (bounded memory), to a stream or to a temporary file.

/** The text of a JSON array, a piece per item: `[`, then each item on its own line, then `]`. */
async function* jsonArrayText(items: AsyncIterable<unknown>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const item of items) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(item)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/** A JSON array written as it is read from `items`, an item at a time (bounded memory). */
export function jsonArrayStream(items: AsyncIterable<unknown>): Readable {
  return Readable.from(jsonArrayText(items));
}

/** A record (an array in `columns` order) as an object keyed by the column names. */
export function recordObject(columns: readonly string[], record: readonly unknown[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((c, i) => [c, record[i]]));
}

/**
 * One read of a sequence serving two files written one after the other (a ZIP's entries): `tee`
 * passes the items on to the first file while writing them, as a JSON array, to a temporary file;
 * `read` then streams that file as the second. Memory stays bounded and the source (a database
 * query) is read once. `dispose` removes the temporary file; call it in a `finally`.
 */
export async function jsonArraySpool() {
  const dir = await mkdtemp(join(tmpdir(), 'json-spool-'));
  const path = join(dir, 'items.json');
  const out = createWriteStream(path);
  return {
    async *tee<T>(items: AsyncIterable<T>, toJson: (item: T) => unknown): AsyncGenerator<T> {
      const passed: T[] = [];
      async function* converted() {
        for await (const item of items) {
          passed.push(item);
          yield toJson(item);
        }
      }
      for await (const text of jsonArrayText(converted())) {
        if (!out.write(text)) await once(out, 'drain');
        yield* passed.splice(0);
      }
      out.end();
    },
    /** The JSON array, once `tee` has run to its end. */
    async read(): Promise<Readable> {
      await finished(out);
      return createReadStream(path);
    },
    async dispose(): Promise<void> {
      out.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
