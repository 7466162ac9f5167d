import { once } from 'node:events';
import { onFirstUse } from '../../lib/load-on-first-use.js';
import type { AppContext } from '../../runtime/context.js';

// Builds one user's archive: a ZIP streamed straight into the blob store while the parts of the
// user's data (ctx.userData, each feature's exportFiles) write their files into it one at a
// time. The next file is only added once the archive has taken the previous one, so memory and
// open blob streams stay bounded however large the account.

const README = `This archive holds everything your account owned when it was made:
profile.json            your profile and linked identities
messages/               your messages, as CSV and as JSON
direct-messages/        the direct messages you sent and received (JSON)
documents/              your documents as markdown files, in their folders
lists/<title>-<id>/     each list's schema (schema.json) and rows (rows.csv)
share-links.json        the share links of your lists and documents (their tokens are never kept)
follows.csv             your followers, the users you follow and pending requests
media/                  the images and videos you uploaded
`;

/** archiver, loaded with the first archive (lib/load-on-first-use.ts). */
const archiver = onFirstUse(() => import('archiver'));

/** Writes the user's archive under `key`; answers its size in bytes. */
export async function writeArchive(ctx: AppContext, userId: string, key: string): Promise<number> {
  const { ZipArchive } = await archiver();
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const stored = ctx.blobs.putStream(key, zip, 'application/zip');
  // A failed store ends the build at once instead of leaving it waiting for the next entry.
  const failed = stored.then(
    () => new Promise<never>(() => {}),
    (err: unknown) => Promise.reject(err),
  );
  failed.catch(() => undefined); // handled where it is raced; never an unhandled rejection
  const add = async (name: string, content: Parameters<typeof zip.append>[0]) => {
    const taken = once(zip, 'entry');
    zip.append(content, { name });
    await Promise.race([taken, failed]);
  };
  try {
    await add('README.txt', README);
    for (const part of ctx.userData) {
      if (!part.exportFiles) continue;
      for await (const file of part.exportFiles(ctx, userId)) await add(file.path, file.content);
    }
    await Promise.race([zip.finalize(), failed]);
  } catch (err) {
    zip.abort();
    await stored.catch(() => undefined);
    throw err;
  }
  return stored;
}
