import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import Sharing from '../components/sharing';
import { useTitle } from '../components/title';
import type { ScreenProps } from '../screen-props';
import NotFound from './not-found';

// `/lists/<id>/sharing` and `/documents/<id>/sharing`: the sharing of one of the owner's items on
// a page of its own (the item's screen can mount the same component).

export default function SharingScreen({ route, param }: ScreenProps) {
  const kind = route.pathname.startsWith('/lists/') ? 'list' : 'document';
  const [title, setTitle] = useState<string | null | 'missing'>(null);
  useTitle(title && title !== 'missing' ? `Sharing of ${title}` : 'Sharing');
  useEffect(() => {
    const path = { params: { path: { id: param } } };
    if (kind === 'list') void api.GET('/api/lists/{id}', path).then(({ data }) => setTitle(data?.data.title ?? 'missing'));
    else void api.GET('/api/documents/{id}', path).then(({ data }) => setTitle(data?.document.title ?? 'missing'));
  }, [kind, param]);
  if (title === 'missing') return <NotFound />;
  if (!title) return <h1 tabIndex={-1}>Sharing</h1>;
  return (
    <>
      <h1 tabIndex={-1}>Sharing of {title}</h1>
      <p>
        <a href={`/${kind === 'list' ? 'lists' : 'documents'}/${encodeURIComponent(param)}`}>Back to the {kind}</a>
      </p>
      <Sharing kind={kind} id={param} />
    </>
  );
}
