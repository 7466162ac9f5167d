import { Type, type Static } from '@sinclair/typebox';
import { ref } from '../../http/schemas.js';
import { PASSWORD_MAX } from '../users/service.js';

// Content purge (spec, Administration) and account deletion (session cookie only, never a Bearer
// token). Request bodies are closed: an unknown category key or a non-boolean is a 400.

const category = (what: string) => Type.Optional(Type.Boolean({ description: `${what}; omitted means true, false opts out` }));

export const PurgeBody = Type.Object(
  {
    categories: Type.Optional(
      Type.Object(
        {
          messages: category('Posts and replies, with their digs, reports, cross-post records, tags, media blobs and the notifications pointing at them'),
          directMessages: category('Direct messages the user sent, with their image blobs'),
          documents: category('Documents and folders, with revisions, trash and images; sync clients learn of the removal'),
          lists: category('Lists and list folders, with columns, rows, views and imports'),
        },
        { additionalProperties: false, description: 'What to remove; an omitted object removes every category' },
      ),
    ),
    reason: Type.Optional(Type.String({ maxLength: 2000, description: 'Free text recorded in the audit row' })),
    dryRun: Type.Optional(Type.Boolean({ default: false, description: 'Answer the counts and write nothing' })),
  },
  {
    additionalProperties: false,
    examples: [{ categories: { directMessages: false }, reason: 'Spam account', dryRun: true }],
  },
);
export type PurgeBody = Static<typeof PurgeBody>;

const n = (description: string) => Type.Integer({ minimum: 0, description });

export const PurgeCounts = Type.Object(
  {
    messages: n('Messages (posts, replies, pushes)'),
    directMessages: n('Direct messages sent'),
    documents: n('Documents'),
    folders: n('Document folders'),
    lists: n('Lists'),
    listFolders: n('List folders'),
  },
  { $id: 'PurgeCounts', description: 'How many items of each kind a purge removes (a dry run: would remove)' },
);
export type PurgeCounts = Static<typeof PurgeCounts>;

export const PurgeResult = Type.Object(
  { dryRun: Type.Boolean(), counts: ref(PurgeCounts) },
  { $id: 'PurgeResult', description: 'What the purge removed, or would remove' },
);

export const DeleteAccountBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX, description: 'The current password, as confirmation' }) },
  { additionalProperties: false, examples: [{ password: 'correct horse battery' }] },
);

export const PURGE_COMPONENTS = [PurgeCounts, PurgeResult];
