import { useEffect, useId, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { ErrorLine } from '../components/error-line';
import { useTitle } from '../components/title';
import type { ScreenProps } from '../screen-props';
import { useSession } from '../session';
import '../components/social.css';

// `/orgs`: the viewer's organizations and a form to create one. `/org-invite?token=…` (the link an
// invitation e-mail holds): a button that accepts the invitation (a GET changes nothing, since
// link scanners follow links), then the organization's page.

type Org = Schemas['Organization'];
const ROLE_NAMES = { owner: 'owner', admin: 'administrator', member: 'member' } as const;

export default function OrgsScreen({ route }: ScreenProps) {
  const user = useSession();
  const invite = route.pathname.replace(/\/+$/, '') === '/org-invite';
  useTitle(invite ? 'Organization invitation' : 'Organizations');
  if (invite) return <AcceptInvite token={route.search.get('token') ?? ''} />;
  if (!user) {
    return (
      <>
        <h1 tabIndex={-1}>Organizations</h1>
        <p>
          <a href="/login">Sign in</a> to see your organizations.
        </p>
      </>
    );
  }
  return <MyOrgs />;
}

function AcceptInvite({ token }: { token: string }) {
  const user = useSession();
  const [joined, setJoined] = useState<Org | null>(null);
  const [error, setError] = useState('');
  const accept = async () => {
    setError('');
    const { data, error: failure } = await api.POST('/api/orgs/invites/accept', { body: { token } });
    if (!data) return setError(errorText(failure));
    setJoined(data.org);
  };
  return (
    <>
      <h1 tabIndex={-1}>Organization invitation</h1>
      {!token ? (
        <p>This link has no invitation in it. Open the link from the e-mail as it is.</p>
      ) : !user ? (
        <p>
          <a href="/login">Sign in</a> (or <a href="/register">create an account</a> with the invited address) and open the link again to accept.
        </p>
      ) : joined ? (
        <p role="status">
          You joined <a href={`/orgs/${encodeURIComponent(joined.slug)}`}>{joined.name}</a> as {ROLE_NAMES[joined.role ?? 'member']}.
        </p>
      ) : (
        <>
          <p>You are signed in as @{user.username}. Accept to join the organization that invited you.</p>
          <button type="button" onClick={accept}>
            Accept the invitation
          </button>
        </>
      )}
      <ErrorLine text={error} />
    </>
  );
}

function MyOrgs() {
  const id = useId();
  const [orgs, setOrgs] = useState<Org[] | null>(null);
  const [error, setError] = useState('');
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [description, setDescription] = useState('');
  const [createError, setCreateError] = useState('');
  useEffect(() => {
    void api.GET('/api/orgs').then(({ data, error: failure }) => (data ? setOrgs(data.orgs) : setError(errorText(failure))));
  }, []);
  const create = async (event: Event) => {
    event.preventDefault();
    setCreateError('');
    const { data, error: failure } = await api.POST('/api/orgs', { body: { name, slug, ...(description.trim() ? { description } : {}) } });
    if (!data) return setCreateError(errorText(failure));
    setOrgs((old) => [...(old ?? []), data.org]);
    setName('');
    setSlug('');
    setDescription('');
  };
  return (
    <>
      <h1 tabIndex={-1}>Organizations</h1>
      <ErrorLine text={error} />
      {orgs === null && !error ? <p class="loading">Loading organizations…</p> : null}
      {orgs?.length === 0 ? <p>You belong to no organization yet.</p> : null}
      {orgs?.length ? (
        <ul class="rows" aria-label="Your organizations">
          {orgs.map((o) => (
            <li key={o.id}>
              <a href={`/orgs/${encodeURIComponent(o.slug)}`}>{o.name}</a>
              <span class="meta">
                {o.role ? `you are ${ROLE_NAMES[o.role]}` : ''} · {o.memberCount} {o.memberCount === 1 ? 'member' : 'members'}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <form class="stack panel" onSubmit={create} aria-labelledby={`${id}-new`}>
        <h2 id={`${id}-new`}>New organization</h2>
        <label for={`${id}-name`}>Name</label>
        <input id={`${id}-name`} required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <label for={`${id}-slug`}>Address name</label>
        <input id={`${id}-slug`} required minLength={2} maxLength={40} pattern={"[a-z0-9][a-z0-9\\-]*"} aria-describedby={`${id}-slug-hint`} value={slug} onInput={(e) => setSlug(e.currentTarget.value)} />
        <p id={`${id}-slug-hint`} class="hint">
          2 to 40 lower-case letters, digits and hyphens; the page will be /orgs/{slug || 'name'}.
        </p>
        <label for={`${id}-description`}>Description (optional)</label>
        <textarea id={`${id}-description`} rows={2} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
        <ErrorLine text={createError} />
        <button type="submit">Create the organization</button>
      </form>
    </>
  );
}
