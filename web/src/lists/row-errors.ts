// The API's row errors (400 `validation_failed`, 409 `unique_violation`: `errors`, every message
// in the spec's forms, each starting with its column's label) placed beside the cells they are
// about. A message that names no column (or a body without `errors`) stays with the row.

export interface RowErrors {
  /** Messages by column key. */
  byColumn: Record<string, string[]>;
  /** Messages about the row as a whole. */
  row: string[];
}

/** Sorts the messages of an error body to their columns (the longest label that starts a message wins). */
export function rowErrors(body: unknown, columns: readonly { key: string; label: string }[]): RowErrors {
  const out: RowErrors = { byColumn: {}, row: [] };
  const messages = messagesOf(body);
  const byLength = [...columns].sort((a, b) => b.label.length - a.label.length);
  for (const message of messages) {
    const column = byLength.find((c) => message.startsWith(`${c.label} `));
    if (column) (out.byColumn[column.key] ??= []).push(message);
    else out.row.push(message);
  }
  return out;
}

function messagesOf(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const { error, errors } = body as { error?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.length && errors.every((e) => typeof e === 'string')) return errors as string[];
  return typeof error === 'string' ? [error] : [];
}

export const NO_ERRORS: RowErrors = { byColumn: {}, row: [] };
