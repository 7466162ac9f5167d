import type { AppContext } from '../../runtime/context.js';
import { AppError, notFound } from '../../http/errors.js';
import type { DocumentRow, FolderRow } from './presenter.js';
import type { FolderTree } from './folder-tree.js';
import { createFolder, insertDocument, liveDocumentAt, liveDocumentIn, liveDocumentsIn, loadFolderTree, withWriter, type Writer } from './queries/index.js';

// Templates: the documents of the root folder `_templates`.

export const TEMPLATES_FOLDER = '_templates';

export const DEFAULT_TEMPLATES: { title: string; relativePath: string; content: string }[] = [
  {
    title: 'Meeting notes',
    relativePath: 'meeting-notes.md',
    content: '# Meeting notes\n\n**Date:** \n**Attendees:** \n\n## Agenda\n\n1. \n\n## Notes\n\n- \n\n## Decisions\n\n- \n\n## Action items\n\n- [ ] Who: what, by when\n',
  },
  {
    title: 'Daily journal',
    relativePath: 'daily-journal.md',
    content: '# Journal: \n\n## Grateful for\n\n- \n\n## Today I will\n\n- [ ] \n\n## Notes\n\n\n## What went well\n\n',
  },
  {
    title: 'Project plan',
    relativePath: 'project-plan.md',
    content: '# Project: \n\n## Goal\n\nWhat does done look like?\n\n## Scope\n\n- In: \n- Out: \n\n## Milestones\n\n| Milestone | Date | Owner |\n|---|---|---|\n|  |  |  |\n\n## Risks\n\n- \n',
  },
  {
    title: 'Reading notes',
    relativePath: 'reading-notes.md',
    content: '# Title\n\n**Author:** \n**Started:** \n\n## Summary\n\n\n## Key ideas\n\n- \n\n## Quotes\n\n> \n\n## What I will do with it\n\n',
  },
  {
    title: 'Weekly review',
    relativePath: 'weekly-review.md',
    content: '# Week of \n\n## Done\n\n- \n\n## Not done, and why\n\n- \n\n## Next week\n\n- [ ] \n\n## Lessons\n\n',
  },
];

async function ensureTemplatesFolder(w: Writer, tree: FolderTree): Promise<FolderRow> {
  return tree.liveChild(null, TEMPLATES_FOLDER) ?? createFolder(w, tree, TEMPLATES_FOLDER, null);
}

async function templatesIn(db: Writer['trx'], userId: string, folderId: string): Promise<DocumentRow[]> {
  return liveDocumentsIn(db, userId, folderId);
}

/**
 * Ensures the `_templates` root folder exists and lists its documents. A read-only account
 * (`mayWrite` false) gets the list without the folder being created.
 */
export async function listTemplates(ctx: AppContext, userId: string, mayWrite = true): Promise<DocumentRow[]> {
  const tree = await loadFolderTree(ctx.db.kysely, userId);
  const existing = tree.liveChild(null, TEMPLATES_FOLDER);
  if (existing) return templatesIn(ctx.db.kysely, userId, existing.id);
  if (!mayWrite) return [];
  try {
    return await withWriter(ctx, userId, async (w) => {
      const folder = await ensureTemplatesFolder(w, await loadFolderTree(w.trx, userId));
      return templatesIn(w.trx, userId, folder.id);
    });
  } catch (err) {
    // A concurrent first call created it (PostgreSQL: the unique index refused the second).
    if (!(err instanceof AppError && err.code === 'name_taken')) throw err;
    const folder = (await loadFolderTree(ctx.db.kysely, userId)).liveChild(null, TEMPLATES_FOLDER);
    if (!folder) throw err;
    return templatesIn(ctx.db.kysely, userId, folder.id);
  }
}

/** Adds the default templates that are missing (by file name); running it again adds nothing. */
export async function seedDefaultTemplates(ctx: AppContext, userId: string): Promise<DocumentRow[]> {
  return withWriter(ctx, userId, async (w) => {
    const tree = await loadFolderTree(w.trx, userId);
    const folder = await ensureTemplatesFolder(w, tree);
    for (const t of DEFAULT_TEMPLATES) {
      if (await liveDocumentAt(w.trx, userId, folder.id, t.relativePath)) continue;
      await insertDocument(w, tree, { folderId: folder.id, title: t.title, content: t.content, relativePath: t.relativePath, isPublic: false });
    }
    return templatesIn(w.trx, userId, folder.id);
  });
}

/** Copies one of the caller's templates into a folder (or the root) as a new private document. */
export async function createFromTemplate(ctx: AppContext, userId: string, templateId: string, targetFolderId: string | null): Promise<DocumentRow> {
  return withWriter(ctx, userId, async (w) => {
    const tree = await loadFolderTree(w.trx, userId);
    const templates = tree.liveChild(null, TEMPLATES_FOLDER);
    const template = templates ? await liveDocumentIn(w.trx, userId, templates.id, templateId) : undefined;
    if (!template) throw notFound('Template not found');
    if (targetFolderId !== null && !tree.live(targetFolderId)) throw notFound('Target folder not found');
    return insertDocument(w, tree, { folderId: targetFolderId, title: template.title, content: template.content, isPublic: false });
  });
}
