import type { UserRow } from '../../db/types.js';
import type { AppContext } from '../../runtime/context.js';
import { badRequest } from '../../http/errors.js';
import { CONTENT_MAX, createDocument, createDocumentIn } from '../documents/service.js';
import { acceptedRows, createListWithRows, createListWithRowsIn, fittedRows } from '../lists/service.js';
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
  const schema = listConfig ? listSchema(listConfig) : null;
  if (schema) acceptedRows(schema, []);

  const material = await loadMaterial(ctx, user, body.source, wantsDoc);
  let list: { input: Parameters<typeof createListWithRows>[2]; rows: Record<string, unknown>[]; emptied: number; skipped: number } | null = null;
  if (listConfig && schema) {
    checkSourceKeys(listConfig, material);
    const fitted = listConfig.includeData === false ? { rows: [], emptied: 0, skipped: 0 } : fittedRows(schema, rowsOf(listConfig, material));
    list = {
      input: { title: listConfig.title, description: listConfig.description ?? null, isPublic: listConfig.isPublic ?? false, schema },
      ...fitted,
    };
  }
  let doc: Parameters<typeof createDocument>[2] | null = null;
  if (docConfig) {
    const content = renderDocument(docConfig.title, material.sections, { listStyle: docConfig.listStyle ?? 'bulleted', rowDataStyle: docConfig.rowDataStyle ?? 'inline' });
    if (content.length > CONTENT_MAX) throw badRequest(`The document would be ${content.length} characters long, over the ${CONTENT_MAX} a document may hold`, 'document_too_large');
    doc = { title: docConfig.title, content, isPublic: docConfig.isPublic ?? false, ...(docConfig.relativePath !== undefined ? { relativePath: docConfig.relativePath } : {}) };
  }

  const listAnswer = (view: { list: { id: string; title: string } }, l: NonNullable<typeof list>) => ({
    id: view.list.id,
    title: view.list.title,
    rowCount: l.rows.length,
    emptiedValues: l.emptied,
    skippedRows: l.skipped,
  });
  if (list && doc) {
    const [l, d] = [list, doc];
    return inOneTransaction(ctx, async (trx) => {
      const view = await createListWithRowsIn(ctx, trx, user.id, l.input, l.rows);
      const written = await createDocumentIn(ctx, trx, user.id, d);
      return { status: 201, body: { list: listAnswer(view, l), document: { id: written.id, title: written.title } } };
    });
  }
  if (list) return { status: 201, body: { list: listAnswer(await createListWithRows(ctx, user.id, list.input, list.rows), list) } };
  const written = await createDocument(ctx, user.id, doc!);
  return { status: 201, body: { document: { id: written.id, title: written.title } } };
}

function refuse(message: string): never {
  throw badRequest(message);
}
