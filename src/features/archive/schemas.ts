import { Type } from '@sinclair/typebox';
import { DateTime, Id, Nullable, ref, StringEnum } from '../../http/schemas.js';

export const Archive = Type.Object(
  {
    id: Type.String(),
    status: StringEnum(['building', 'ready', 'failed', 'expired'] as const, { description: '`expired`: the 24-hour download window has ended' }),
    createdAt: DateTime(),
    finishedAt: Nullable(DateTime()),
    size: Nullable(Type.Integer({ minimum: 0, description: 'Bytes of the ZIP file, once ready' })),
    downloadUrl: Nullable(Type.String({ description: 'While ready: the download path (GET with the same session), for 24 hours' })),
    expiresAt: Nullable(DateTime({ description: 'When the download window ends' })),
  },
  { $id: 'DataArchive', description: 'A ZIP archive of everything the account owns' },
);

export const ArchiveEnvelope = Type.Object({ archive: ref(Archive) });
export const ArchiveParams = Type.Object({ id: Id });
export const ARCHIVE_COMPONENTS = [Archive];
