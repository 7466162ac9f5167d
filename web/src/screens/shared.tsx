import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { useTitle } from '../components/title';
import { onLive } from '../live';
import { SharedDocument } from '../documents/shared-document';
import { SharedListRows } from '../lists/shared-list';
import type { ScreenProps } from '../screen-props';
import NotFound from './not-found';

// `/s/<token>`: what a share link opens, readable signed out: a document's text (rendered, and
// editable through an edit link once signed in: documents/shared-document.tsx), or a list's rows
// in the lists grid, a page at a time, editable the same way (lists/shared-list.tsx). Both follow
// the item's changes while open.

type Shared = NonNullable<Awaited<ReturnType<typeof readShared>>['data']>;
const readShared = (token: string) => api.GET('/api/shared/{token}', { params: { path: { token } } });

export default function SharedScreen({ param }: ScreenProps) {
  const [item, setItem] = useState<Shared | null | 'missing'>(null);
  // Read again while the page is open (live.ts polls share links): the owner's edits, new rows,
  // and a link revoked or expired meanwhile (then the not-found page).
  const [live, setLive] = useState(0);
  useEffect(() => {
    const read = () => void readShared(param).then(({ data }) => setItem(data ?? 'missing'));
    read();
    return onLive(`shared:${param}`, () => {
      read();
      setLive((n) => n + 1);
    });
  }, [param]);
  const title = item && item !== 'missing' ? (item.document?.title ?? item.list?.title ?? 'Shared item') : 'Shared item';
  useTitle(title);
  if (item === 'missing') return <NotFound />;
  if (!item) return <h1 tabIndex={-1}>Shared item</h1>;
  if (item.document) {
    return (
      <article>
        <h1 tabIndex={-1}>{item.document.title}</h1>
        <p class="meta">Shared by {item.owner.displayName}</p>
        <SharedDocument token={param} access={item.access} doc={item.document} />
      </article>
    );
  }
  const list = item.list!;
  return (
    <>
      <h1 tabIndex={-1}>{list.title}</h1>
      <p class="meta">Shared by {item.owner.displayName}</p>
      {list.description ? <p>{list.description}</p> : null}
      <SharedListRows token={param} access={item.access} list={list} live={live} />
    </>
  );
}
