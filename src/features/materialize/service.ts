import type { UserRow } from '../../db/types.js';
import type { AppContext } from '../../runtime/context.js';
import { badRequest } from '../../http/errors.js';
import { announcePublished, CONTENT_MAX, createDocument, createDocumentIn } from '../documents/service.js';
import { announceEvents, streamsOf } from '../events/index.js';
import { fittedList, writeNewList, type NewList } from '../lists/service.js';
import { messageDraft } from './draft.js';
import { checkSourceKeys, listSchema, rowsOf } from './list-target.js';
import { renderDocument } from './markdown.js';
import { inOneTransaction } from './queries.js';
import type { MaterializeBody } from './schemas.js';
import { loadMaterial } from './sources.js';

// POST /api/materialize (spec, Materialize): the source read under the caller, then a new list, a
// new document, both in one transaction, or a message draft. Every check that can refuse the
// request (configs, ids, sourceKeys, the document's size) comes before the first write.

export type MaterializeResult =
  | { status: 200; body: { message: ReturnType<typeof messageDraft> } }
  | {
      status: 201;
      body: {
        list?: { id: string; title: string; rowCount: number; emptiedValues: number; skippedRows: number };
        document?: { id: string; title: string };
      };
    };

export async function materialize(ctx: AppContext, user: UserRow, body: MaterializeBody): Promise<MaterializeResult> {
  if (body.target === 'message') {
    const material = await loadMaterial(ctx, user, body.source, false);
    return { status: 200, body: { message: messageDraft(user, material.text, body.messageConfig) } };
  }
  const wantsList = body.target === 'list' || body.target === 'both';
  const wantsDoc = body.target === 'doc' || body.target === 'both';
  const listConfig = wantsList ? (body.listConfig ?? refuse(`listConfig is required for target ${body.target}`)) : null;
  const docConfig = wantsDoc ? (body.docConfig ?? refuse(`docConfig is required for target ${body.target}`)) : null;
  // The lists DSL parser's 400 for a bad field config, before anything is read.
  const listInput = listConfig ? { title: listConfig.title, description: listConfig.description ?? null, isPublic: listConfig.isPublic ?? false, schema: listSchema(listConfig) } : null;
  if (listInput) fittedList(listInput, []);

  const material = await loadMaterial(ctx, user, body.source, wantsDoc);
  // Everything is checked and prepared before the one write transaction begins.
  let list: { checked: NewList; emptied: number; skipped: number } | null = null;
  if (listConfig && listInput) {
    checkSourceKeys(listConfig, material);
    const { list: checked, emptied, skipped } = fittedList(listInput, listConfig.includeData === false ? [] : rowsOf(listConfig, material));
    list = { checked, emptied, skipped };
  }
  let doc: Parameters<typeof createDocument>[2] | null = null;
  if (docConfig) {
    const content = await renderDocument(docConfig.title, material.sections, { listStyle: docConfig.listStyle ?? 'bulleted', rowDataStyle: docConfig.rowDataStyle ?? 'inline' });
    if (content.length > CONTENT_MAX) throw badRequest(`The document would be ${content.length} characters long, over the ${CONTENT_MAX} a document may hold`, 'document_too_large');
    doc = { title: docConfig.title, content, isPublic: docConfig.isPublic ?? false, ...(docConfig.relativePath !== undefined ? { relativePath: docConfig.relativePath } : {}) };
  }

  const listAnswer = (view: { list: { id: string; title: string } }, l: NonNullable<typeof list>) => ({
    id: view.list.id,
    title: view.list.title,
    rowCount: l.checked.rows.length,
    emptiedValues: l.emptied,
    skippedRows: l.skipped,
  });
  if (list) {
    const [l, d] = [list, doc];
    const published = new Set<string>();
    const result: MaterializeResult = await inOneTransaction(ctx, async (trx) => {
      const view = await writeNewList(ctx, trx, user.id, l.checked);
      const written = d ? await createDocumentIn(ctx, trx, user.id, d, published) : null;
      return { status: 201, body: { list: listAnswer(view, l), ...(written ? { document: { id: written.id, title: written.title } } : {}) } };
    });
    // After the commit, as the documents routes do: a public document is news for the blog's subscribers.
    announcePublished(ctx, user.id, published);
    // And its events (list.created, document.created: the owner's alone) reach the owner's streams.
    announceEvents(ctx, streamsOf([user.id]));
    return result;
  }
  const written = await createDocument(ctx, user.id, doc!);
  return { status: 201, body: { document: { id: written.id, title: written.title } } };
}

function refuse(message: string): never {
  throw badRequest(message);
}
