import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from '../api';
import { ErrorLine } from '../components/error-line';
import { useTitle } from '../components/title';
import type { ScreenProps } from '../screen-props';
import { useSession } from '../session';
import '../components/social.css';

// `/shared-with-me`: the lists and documents others share with the viewer (GET /api/shared-with-me:
// directly or through an organization, the stronger role counted), each with its owner and what
// the viewer may do. `/share-invite?token=…` (the link of a sharing e-mail to an address with no
// account yet): a button that accepts the invitation (a GET changes nothing, since link scanners
// follow links), then the same list, where the item now is.

type Shared = NonNullable<Awaited<ReturnType<typeof readShared>>['data']>;
const readShared = () => api.GET('/api/shared-with-me');
const ROLE_WORDS = { owner: 'yours', editor: 'you can edit it', viewer: 'you can read it' } as const;

export default function SharedWithMeScreen({ route }: ScreenProps) {
  const user = useSession();
  const invite = route.pathname.replace(/\/+$/, '') === '/share-invite';
  useTitle(invite ? 'Sharing invitation' : 'Shared with me');
  const [shared, setShared] = useState<Shared | null>(null);
  const [error, setError] = useState('');
  const load = async () => {
    const { data, error: failure } = await readShared();
    if (!data) return setError(errorText(failure));
    setError('');
    setShared(data);
  };
  useEffect(() => {
    if (user && !invite) void load();
  }, [user?.id, invite]);

  if (invite) return <AcceptInvite token={route.search.get('token') ?? ''} />;
  return (
    <>
      <h1 tabIndex={-1}>Shared with me</h1>
      {!user ? (
        <p>
          <a href="/login">Sign in</a> to see what others share with you.
        </p>
      ) : (
        <SharedItems shared={shared} error={error} />
      )}
    </>
  );
}

function SharedItems({ shared, error }: { shared: Shared | null; error: string }) {
  return (
    <>
      <ErrorLine text={error} />
      {shared === null && !error ? <p class="loading">Loading what is shared with you…</p> : null}
      {shared ? (
        <>
          <section aria-labelledby="shared-lists-heading">
            <h2 id="shared-lists-heading">Lists</h2>
            {shared.lists.length ? (
              <ul class="rows" aria-labelledby="shared-lists-heading">
                {shared.lists.map((l) => (
                  <li key={l.id}>
                    <a href={`/lists/${encodeURIComponent(l.id)}`}>{l.title}</a>{' '}
                    <span class="meta">
                      by {l.owner.displayName} (@{l.owner.username}) · {ROLE_WORDS[l.role]}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No one has shared a list with you yet.</p>
            )}
          </section>
          <section aria-labelledby="shared-documents-heading">
            <h2 id="shared-documents-heading">Documents</h2>
            {shared.documents.length ? (
              <ul class="rows" aria-labelledby="shared-documents-heading">
                {shared.documents.map((d) => (
                  <li key={d.id}>
                    <a href={`/documents/${encodeURIComponent(d.id)}`}>{d.title}</a>{' '}
                    <span class="meta">
                      by {d.owner.displayName} (@{d.owner.username}) · {ROLE_WORDS[d.role]} · changed <time dateTime={d.updatedAt}>{new Date(d.updatedAt).toLocaleString()}</time>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No one has shared a document with you yet.</p>
            )}
          </section>
        </>
      ) : null}
    </>
  );
}

function AcceptInvite({ token }: { token: string }) {
  const user = useSession();
  const [accepted, setAccepted] = useState<Shared | null>(null);
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');
  const accept = async () => {
    setError('');
    const { data, error: failure } = await api.POST('/api/shares/invites/accept', { body: { token } });
    if (!data) return setError(errorText(failure));
    setSaid(data.message);
    const now = await readShared();
    setAccepted(now.data ?? { lists: [], documents: [] });
  };
  return (
    <>
      <h1 tabIndex={-1}>Sharing invitation</h1>
      {!token ? (
        <p>This link has no invitation in it. Open the link from the e-mail as it is.</p>
      ) : !user ? (
        <p>
          Someone shared a list or a document with your e-mail address. <a href="/login">Sign in</a> (or <a href="/register">create an account</a> with that address and
          verify it) to accept.
        </p>
      ) : accepted ? (
        <>
          <p role="status">{said} It is now among the items shared with you:</p>
          <SharedItems shared={accepted} error="" />
        </>
      ) : (
        <>
          <p>
            You are signed in as @{user.username}. Accept to open what was shared with your e-mail address{user.emailVerified ? '' : ' (verify that address first)'}.
          </p>
          <button type="button" onClick={accept}>
            Accept the invitation
          </button>
        </>
      )}
      <ErrorLine text={error} />
    </>
  );
}
