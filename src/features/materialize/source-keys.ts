// The source attributes a materialized list's column may take (`sourceKey`), by source kind. Plain
// data, no imports: the web client's materialize panel offers exactly these (web/src/components/materialize.tsx).
// A `rows` source's attributes are the list's own column keys.

export const MESSAGE_KEYS = ['content', 'createdAt', 'tags', 'digCount', 'replyCount', 'author', 'url'] as const;
export const LIST_KEYS = ['title', 'description', 'rowCount'] as const;
export const DOCUMENT_KEYS = ['title', 'heading', 'item'] as const;
