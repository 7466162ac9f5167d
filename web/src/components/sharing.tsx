import { useEffect, useId, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { ErrorLine } from './error-line';
import './social.css';

// Sharing a list or a document (the owner's): collaborators with their roles (a username, an
// e-mail address or an organization; change a role, remove), and share links (view or edit, with
// an optional expiry; the address is shown once, when made, with a Copy button; revoke). Mounted
// by the list and document screens, and by /lists/<id>/sharing and /documents/<id>/sharing.

type Collaborator = Schemas['Collaborator'];
type ShareLink = Schemas['ShareLink'];
type Role = Collaborator['role'];
export interface SharingProps {
  kind: 'list' | 'document';
  id: string;
}

// One typed call per operation, for either kind of item.
const calls = {
  collaborators: (p: SharingProps) => {
    const params = { params: { path: { id: p.id } } };
    return p.kind === 'list' ? api.GET('/api/lists/{id}/collaborators', params) : api.GET('/api/documents/{id}/collaborators', params);
  },
  addCollaborator: (p: SharingProps, body: { username?: string; email?: string; orgSlug?: string; role: Role }) => {
    const params = { params: { path: { id: p.id } }, body };
    return p.kind === 'list' ? api.POST('/api/lists/{id}/collaborators', params) : api.POST('/api/documents/{id}/collaborators', params);
  },
  setRole: (p: SharingProps, collaboratorId: string, role: Role) => {
    const params = { params: { path: { id: p.id, collaboratorId } }, body: { role } };
    return p.kind === 'list' ? api.PATCH('/api/lists/{id}/collaborators/{collaboratorId}', params) : api.PATCH('/api/documents/{id}/collaborators/{collaboratorId}', params);
  },
  removeCollaborator: (p: SharingProps, collaboratorId: string) => {
    const params = { params: { path: { id: p.id, collaboratorId } } };
    return p.kind === 'list' ? api.DELETE('/api/lists/{id}/collaborators/{collaboratorId}', params) : api.DELETE('/api/documents/{id}/collaborators/{collaboratorId}', params);
  },
  links: (p: SharingProps) => {
    const params = { params: { path: { id: p.id } } };
    return p.kind === 'list' ? api.GET('/api/lists/{id}/share-links', params) : api.GET('/api/documents/{id}/share-links', params);
  },
  addLink: (p: SharingProps, body: { access: 'view' | 'edit'; expiresAt?: string }) => {
    const params = { params: { path: { id: p.id } }, body };
    return p.kind === 'list' ? api.POST('/api/lists/{id}/share-links', params) : api.POST('/api/documents/{id}/share-links', params);
  },
  revokeLink: (p: SharingProps, linkId: string) => {
    const params = { params: { path: { id: p.id, linkId } } };
    return p.kind === 'list' ? api.DELETE('/api/lists/{id}/share-links/{linkId}', params) : api.DELETE('/api/documents/{id}/share-links/{linkId}', params);
  },
};

const nameOf = (c: Collaborator) => (c.user ? `${c.user.displayName} (@${c.user.username})` : c.org ? `${c.org.name} (organization)` : (c.email ?? ''));
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

export default function Sharing(props: SharingProps) {
  const id = useId();
  const [collaborators, setCollaborators] = useState<Collaborator[] | null>(null);
  const [links, setLinks] = useState<ShareLink[] | null>(null);
  const [who, setWho] = useState('');
  const [whoKind, setWhoKind] = useState<'username' | 'email' | 'orgSlug'>('username');
  const [role, setRole] = useState<Role>('viewer');
  const [access, setAccess] = useState<'view' | 'edit'>('view');
  const [expires, setExpires] = useState('');
  const [fresh, setFresh] = useState<{ id: string; url: string } | null>(null);
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  useEffect(() => {
    void calls.collaborators(props).then(({ data, error: failure }) => (data ? setCollaborators(data.collaborators) : setError(errorText(failure))));
    void calls.links(props).then(({ data, error: failure }) => (data ? setLinks(data.shareLinks) : setError(errorText(failure))));
  }, [props.kind, props.id]);

  const add = async (event: Event) => {
    event.preventDefault();
    setError('');
    const value = whoKind === 'username' ? who.trim().replace(/^@/, '') : who.trim();
    const { data, error: failure } = await calls.addCollaborator(props, { [whoKind]: value, role });
    if (!data) return setError(errorText(failure));
    setCollaborators((old) => [...(old ?? []), data.collaborator]);
    setWho('');
    setSaid(`Shared with ${nameOf(data.collaborator)} as ${data.collaborator.role}.`);
  };
  const changeRole = async (c: Collaborator, next: Role) => {
    setError('');
    const { data, error: failure } = await calls.setRole(props, c.id, next);
    if (!data) return setError(errorText(failure));
    setCollaborators((old) => old?.map((o) => (o.id === c.id ? { ...o, role: next } : o)) ?? null);
    setSaid(`${nameOf(c)} is now ${next}.`);
  };
  const remove = async (c: Collaborator) => {
    setError('');
    const { response, error: failure } = await calls.removeCollaborator(props, c.id);
    if (!response.ok) return setError(errorText(failure));
    setCollaborators((old) => old?.filter((o) => o.id !== c.id) ?? null);
    setSaid(`${nameOf(c)} no longer has access.`);
  };
  const createLink = async (event: Event) => {
    event.preventDefault();
    setError('');
    // The end of the chosen day, in the person's own time zone.
    const expiresAt = expires ? new Date(`${expires}T23:59:59`).toISOString() : undefined;
    const { data, error: failure } = await calls.addLink(props, { access, ...(expiresAt ? { expiresAt } : {}) });
    if (!data) return setError(errorText(failure));
    const link = data.shareLink;
    setLinks((old) => [{ id: link.id, access: link.access, expiresAt: link.expiresAt, createdAt: link.createdAt, lastUsedAt: null }, ...(old ?? [])]);
    setFresh({ id: link.id, url: link.url });
    setSaid('Link made. Copy it now: it is shown only once.');
  };
  const copy = async () => {
    if (!fresh) return;
    try {
      await navigator.clipboard.writeText(fresh.url);
      setSaid('Link copied.');
    } catch {
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
      setSaid('Copying is not allowed here: the link is selected, copy it with the keyboard.');
    }
  };
  const revoke = async (link: ShareLink) => {
    setError('');
    const { response, error: failure } = await calls.revokeLink(props, link.id);
    if (!response.ok) return setError(errorText(failure));
    setLinks((old) => old?.filter((o) => o.id !== link.id) ?? null);
    if (fresh?.id === link.id) setFresh(null);
    setSaid('Link revoked: it stops working at once.');
  };

  return (
    <section class="sharing" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Sharing</h2>
      <p role="status">{said}</p>
      <ErrorLine text={error} />
      <h3>People and organizations</h3>
      {collaborators?.length === 0 ? <p>Shared with no one.</p> : null}
      {collaborators?.length ? (
        <ul class="rows" aria-label="Collaborators">
          {collaborators.map((c) => (
            <li key={c.id}>
              <span>
                {nameOf(c)}
                {c.status === 'invited' ? ' · invited, not yet joined' : ''}
              </span>
              <span class="row-actions">
                <label class="visually-hidden" for={`${id}-role-${c.id}`}>
                  Role of {nameOf(c)}
                </label>
                <select id={`${id}-role-${c.id}`} value={c.role} onChange={(e) => changeRole(c, e.currentTarget.value as Role)}>
                  <option value="viewer">Viewer</option>
                  <option value="editor">Editor</option>
                </select>
                <button type="button" onClick={() => remove(c)}>
                  Remove<span class="visually-hidden"> {nameOf(c)}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <form class="inline-form" onSubmit={add} aria-label="Share with someone">
        <label for={`${id}-kind`}>Share with</label>
        <select id={`${id}-kind`} value={whoKind} onChange={(e) => setWhoKind(e.currentTarget.value as typeof whoKind)}>
          <option value="username">a username</option>
          <option value="email">an e-mail address</option>
          <option value="orgSlug">an organization (its address name)</option>
        </select>
        <label for={`${id}-who`} class="visually-hidden">
          Who
        </label>
        <input id={`${id}-who`} required type={whoKind === 'email' ? 'email' : 'text'} value={who} onInput={(e) => setWho(e.currentTarget.value)} />
        <label for={`${id}-role`} class="visually-hidden">
          Their role
        </label>
        <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
          <option value="viewer">Viewer</option>
          <option value="editor">Editor</option>
        </select>
        <button type="submit">Share</button>
      </form>
      <h3>Links</h3>
      {fresh ? (
        <div class="inline-form">
          <label for={`${id}-url`}>New link (shown only now)</label>
          <input id={`${id}-url`} readOnly value={fresh.url} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" onClick={copy}>
            Copy the link
          </button>
        </div>
      ) : null}
      {links?.length === 0 ? <p>No links.</p> : null}
      {links?.length ? (
        <ul class="rows" aria-label="Share links">
          {links.map((l) => {
            const what = `${l.access === 'edit' ? 'Edit' : 'View'} link made ${day(l.createdAt)}`;
            return (
              <li key={l.id}>
                <span>
                  {what} · {l.expiresAt ? `until ${day(l.expiresAt)}` : 'no expiry'} · {l.lastUsedAt ? `last used ${day(l.lastUsedAt)}` : 'not used yet'}
                </span>
                <button type="button" onClick={() => revoke(l)}>
                  Revoke<span class="visually-hidden"> the {what.toLowerCase()}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <form class="inline-form" onSubmit={createLink} aria-label="Make a link">
        <label for={`${id}-access`}>Anyone with the link may</label>
        <select id={`${id}-access`} value={access} onChange={(e) => setAccess(e.currentTarget.value as 'view' | 'edit')}>
          <option value="view">view</option>
          <option value="edit">edit (signed in, verified)</option>
        </select>
        <label for={`${id}-expires`}>Until (optional)</label>
        <input id={`${id}-expires`} type="date" value={expires} onInput={(e) => setExpires(e.currentTarget.value)} />
        <button type="submit">Make a link</button>
      </form>
    </section>
  );
}
