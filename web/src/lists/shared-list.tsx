import { useState } from 'preact/hooks';
import { api, type Schemas } from '../api';
import { useSession } from '../session';
import { AddRow } from './add-row';
import { inDisplayOrder } from './cells';
import { PAGE_SIZE, RowsGrid, type RowSource } from './grid';
import { EMPTY_QUERY } from './row-query';
import '../screens/lists.css';

// A list opened through a share link (`/s/<token>`): the lists screen's own grid, a page at a time
// through the link (GET /api/shared/{token}/data), for anyone holding it. An edit link and a
// signed-in account with a verified e-mail (the API's rule) also edit cells in place, add rows and
// move rows to the trash, each through the link. The link pages but does not sort or filter.

type SharedList = NonNullable<Schemas['SharedItem']['list']>;

/** The rows of the list behind `token`, through the share-link endpoints. */
export function linkSource(token: string): RowSource {
  const path = { params: { path: { token } } };
  return {
    read: (_query, offset) => api.GET('/api/shared/{token}/data', { params: { path: { token }, query: { limit: PAGE_SIZE, offset } } }),
    edit: (rowId, data) => api.PUT('/api/shared/{token}/data', { ...path, body: { rowId, data } }),
    remove: (rowId) => api.DELETE('/api/shared/{token}/data/{rowId}', { params: { path: { token, rowId } } }),
  };
}

export function SharedListRows({ token, access, list, live }: { token: string; access: Schemas['SharedItem']['access']; list: SharedList; live: number }) {
  const user = useSession();
  const [reload, setReload] = useState(0);
  const [status, setStatus] = useState('');
  const all = inDisplayOrder(list.schema.fields);
  const columns = all.filter((c) => c.visible);
  const canEdit = access === 'edit' && Boolean(user?.emailVerified);
  const changed = (text: string) => {
    setStatus(text);
    setReload((n) => n + 1);
  };
  return (
    <div class="list-screen">
      {access === 'edit' && !canEdit ? (
        <p class="notice">
          {user ? (
            'This link lets you edit the list once your e-mail address is verified.'
          ) : (
            <>
              This link lets you edit the list: <a href="/login">sign in</a> to edit it.
            </>
          )}
        </p>
      ) : null}
      <p class="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <RowsGrid
        listId={list.id}
        title={list.title}
        columns={columns}
        allColumns={all}
        query={EMPTY_QUERY}
        source={linkSource(token)}
        canEdit={canEdit}
        reload={reload}
        live={live}
        onStatus={setStatus}
        onDeleted={() => setReload((n) => n + 1)}
      />
      {canEdit ? <AddRow listId={list.id} columns={all} add={(data) => api.POST('/api/shared/{token}/data', { params: { path: { token } }, body: { data } })} onAdded={() => changed('Row added')} /> : null}
    </div>
  );
}
