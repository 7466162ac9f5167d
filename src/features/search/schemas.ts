import { Type, type Static } from '@sinclair/typebox';
import { Paged, pageQuery, SEARCH_PAGE } from '../../http/pagination.js';
import { DateTime, Nullable, ref, StringEnum } from '../../http/schemas.js';

// GET /api/search (the README's "Search across kinds"; docs/architecture.md).

export const SearchEverythingQuery = pageQuery(
  {
    q: Type.String({ minLength: 1, description: 'The words to find: 1 to 200 characters after trimming' }),
    types: Type.Optional(Type.String({ description: 'A comma list of `messages`, `documents`, `rows` (default all)' })),
  },
  SEARCH_PAGE,
);
export type SearchEverythingQuery = Static<typeof SearchEverythingQuery>;

const Offsets = Type.Array(Type.Integer({ minimum: 0 }), { minItems: 2, maxItems: 2 });

export const SearchResult = Type.Object(
  {
    kind: StringEnum(['message', 'document', 'row']),
    id: Type.String(),
    listId: Nullable(Type.String({ description: 'The list of a row; null for messages and documents' })),
    title: Type.String({ description: 'The document’s or the row’s list’s title; a message’s first 80 characters' }),
    snippet: Type.String({ maxLength: 240, description: 'Plain text around the best match, at most 240 characters' }),
    highlights: Type.Array(Offsets, {
      description: 'The matched words within `snippet`: [start, end) offsets in UTF-16 code units (as JavaScript’s `slice` takes them)',
    }),
    routePath: Type.String({ description: 'The web client’s path of the item (a row: its list)' }),
    updatedAt: DateTime(),
  },
  { $id: 'SearchResult', description: 'One match of the search across messages, documents and lists' },
);

export const SearchPage = Paged(
  { results: Type.Array(ref(SearchResult)) },
  'A page of matches: all the words before some, title before body, then newest',
);

export const SEARCH_COMPONENTS = [SearchResult];
