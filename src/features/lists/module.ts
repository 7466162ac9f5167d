import type { FeatureModule } from '../../runtime/module.js';
import { jobKind } from '../../runtime/module.js';
import { listCachesState } from './cache.js';
import { rowOrdersState } from './row-orders.js';
import { rowWordsState } from './row-words.js';
import { giveUpImport, importUploads, runImportJob } from './import.js';
import { listExportRoutes } from './exports-routes.js';
import { listFolderRoutes } from './folders-routes.js';
import { listImportRoutes } from './import-routes.js';
import { publicListRoutes } from './public-routes.js';
import { listRoutes } from './routes.js';
import { listRowRoutes } from './rows-routes.js';
import { listSchemaRoutes } from './schema-routes.js';
import { listSyncRoutes } from './sync-routes.js';
import { CODEHOST_SYNC_STATE, runSyncJob, syncCodehostListsTask } from './codehost-sync.js';
import { listViewRoutes } from './views-routes.js';
import { LIST_COMPONENTS } from './schemas.js';
import { purgeListTrash } from './rows.js';
import { listReads } from './service.js';
import { listFoldersPart, listsPart, rowAttributionPart } from './user-data.js';

declare module '../../runtime/types.js' {
  interface JobPayloads {
    /** A CSV import into a list; the list_imports row holds its input and progress. */
    'list-import': { jobId: string };
    /** One codehost-backed list's sync (codehost-sync.ts). */
    'codehost-list-sync': { listId: string };
  }
}

export const listsModule: FeatureModule = {
  name: 'lists',
  routes: [listRoutes, listSchemaRoutes, listRowRoutes, listViewRoutes, listFolderRoutes, listImportRoutes, listExportRoutes, listSyncRoutes, publicListRoutes],
  components: LIST_COMPONENTS,
  state: [listCachesState, rowOrdersState, rowWordsState, listReads, importUploads, ...CODEHOST_SYNC_STATE],
  userData: [listsPart, listFoldersPart, rowAttributionPart],
  jobs: [
    // A second run of the job (its runner died, or it is retried) resumes the import where it
    // stopped; a job given up (attempts used up) fails its import.
    jobKind('list-import', (ctx, p) => runImportJob(ctx, p.jobId), { onGiveUp: (ctx, p, _job, reason) => giveUpImport(ctx, p.jobId, reason) }),
    // A provider that fails is tried again with backoff (after its rate-limit reset when it says).
    jobKind('codehost-list-sync', (ctx, p) => runSyncJob(ctx, p.listId), { baseDelayMs: 60_000 }),
  ],
  periodic: [
    {
      name: 'list-rows-trash',
      everyMs: 3600_000,
      group: 'housekeeping',
      counts: { listRows: 'list rows removed from the trash for good' },
      run: async (ctx) => ({ listRows: await purgeListTrash(ctx) }),
    },
    syncCodehostListsTask,
  ],
};
