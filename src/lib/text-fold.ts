// Text as the searches compare it: lower case without accents (é → e, Ü → u). PostgreSQL's
// `search_fold` is lower(unaccent(…)) (migration 030), which folds the same Latin letters.

/** Lower case, accents (combining marks after NFD) removed. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The distinct words of a text as SQLite's message word index keeps them (`search_words`,
 * migration 032): the runs of letters and digits of the folded text. A word term of a query
 * (features/search/terms.ts) matches the words it starts. The index is rebuilt from this, so a
 * change here needs a migration that rebuilds message_words (its rows are deleted by their words).
 */
export function searchWords(text: string): string[] {
  return [...new Set(foldText(text).match(WORD) ?? [])];
}
