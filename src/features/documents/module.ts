import type { FeatureModule } from '../../runtime/module.js';
import { releaseUploads } from '../media/service.js';
import { purgeDocumentTrash } from './history.js';
import { folderRoutes } from './folder-routes.js';
import { historyRoutes } from './history-routes.js';
import { documentImageRoutes } from './image-routes.js';
import { documentRoutes } from './routes.js';
import { DOCUMENT_COMPONENTS } from './schemas.js';
import { documentSearchCache } from './search-cache.js';
import { syncAnswers } from './sync-cache.js';
import { syncRoutes } from './sync-routes.js';
import { templateRoutes } from './template-routes.js';
import { documentsPart, foldersPart } from './user-data.js';

export const documentsModule: FeatureModule = {
  name: 'documents',
  routes: [documentRoutes, folderRoutes, syncRoutes, templateRoutes, historyRoutes, documentImageRoutes],
  components: DOCUMENT_COMPONENTS,
  state: [documentSearchCache, syncAnswers],
  userData: [documentsPart, foldersPart],
  periodic: [
    {
      name: 'documents-trash',
      everyMs: 3600_000,
      group: 'housekeeping',
      counts: {
        documents: 'documents removed from the trash for good',
        folders: 'folders removed from the trash for good',
        documentImages: 'image blobs of those documents deleted',
      },
      async run(ctx) {
        const trash = await purgeDocumentTrash(ctx);
        // After the purge has committed: blobs are not transactional.
        const documentImages = trash.documentIds.length > 0 ? await releaseUploads(ctx, trash.documentIds.map((id) => `document:${id}`)) : 0;
        return { documents: trash.documents, folders: trash.folders, documentImages };
      },
    },
  ],
};
