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

/**
 * The words of `searchWords(text)` that the text does not hold as typed, ASCII case aside (SQLite
 * `search_folded_words`, migration 039): those an accent, a sign folded to a letter (K KELVIN
 * SIGN) or a combining mark inside a word made. A word the text holds as typed contains a
 * substring only where the text does, so only these words can make a false match of the message
 * search's word path (features/messages/queries/word-search.ts).
 */
export function foldedWords(text: string): string[] {
  const typed = text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
  return searchWords(text).filter((w) => !typed.includes(w));
}
