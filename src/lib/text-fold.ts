// Text as the searches compare it: lower case without accents (é → e, Ü → u). SQLite's
// `search_fold` is this function (db/connection.ts registers it); PostgreSQL's is
// lower(unaccent(…)) (migration 030), which folds the same Latin letters.

/** Lower case, accents (combining marks after NFD) removed. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
