import type { AppContext } from '../../runtime/context.js';
import { purgeDocumentTrash } from '../documents/history.js';
import { purgeFinishedJobs } from '../../runtime/jobs/purge.js';
import { purgeListTrash } from '../lists/service.js';
import { purgeUnattachedUploads, releaseUploads } from '../media/service.js';

// The housekeeping job, one function for the cron endpoint and the in-process scheduler: the
// documents trash past its 30 days (with the images embedded in those documents), list rows past
// their 30 days in the trash, uploads never attached within 24 hours, and finished jobs (done after a
// day, failed after 30 days). Each step claims its rows in the database, so several
// instances may run it at once without removing anything twice.

export interface MaintenanceResult {
  documents: number;
  folders: number;
  documentImages: number;
  listRows: number;
  unattachedUploads: number;
  jobs: number;
}

export async function runMaintenance(ctx: AppContext): Promise<MaintenanceResult> {
  const trash = await purgeDocumentTrash(ctx);
  // After the purge has committed: blobs are not transactional.
  const documentImages = trash.documentIds.length > 0 ? await releaseUploads(ctx, trash.documentIds.map((id) => `document:${id}`)) : 0;
  const listRows = await purgeListTrash(ctx);
  const unattachedUploads = await purgeUnattachedUploads(ctx);
  const jobs = await purgeFinishedJobs(ctx);
  return { documents: trash.documents, folders: trash.folders, documentImages, listRows, unattachedUploads, jobs };
}
