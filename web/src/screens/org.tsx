import { useCallback, useEffect, useId, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { ErrorLine } from '../components/error-line';
import { Feed, FEED_PAGE } from '../components/feed';
import { PeopleList } from '../components/people';
import { useTitle } from '../components/title';
import { navigate } from '../router';
import type { ScreenProps } from '../screen-props';
import { useSession } from '../session';
import NotFound from './not-found';
import '../components/social.css';

// `/orgs/<slug>`: an organization as the viewer may see it: what it is, its members and their roles
// (the owner changes roles; an owner or administrator removes members; anyone leaves), its pending
// invitations (by username or e-mail, revocable), and the messages posted to it. Posting to it is
// the composer's "Post to" choice.

type Org = Schemas['Organization'];
type Member = Schemas['OrganizationMember'];
type Invite = Schemas['OrganizationInvite'];
type Role = Member['role'];
const ROLE_NAMES: Record<Role, string> = { owner: 'Owner', admin: 'Administrator', member: 'Member' };

export default function OrgScreen({ param }: ScreenProps) {
  const user = useSession();
  const [org, setOrg] = useState<Org | null | 'missing'>(null);
  useTitle(org && org !== 'missing' ? org.name : 'Organization');
  useEffect(() => {
    void api.GET('/api/orgs/{slug}', { params: { path: { slug: param } } }).then(({ data }) => setOrg(data?.org ?? 'missing'));
  }, [param, user?.id]);
  const load = useCallback(async (offset: number) => {
    const { data, error } = await api.GET('/api/orgs/{slug}/messages', { params: { path: { slug: param }, query: { limit: FEED_PAGE, offset } } });
    return data ? { messages: data.messages, hasMore: data.pagination.hasMore } : { error };
  }, [param, user?.id]);
  if (org === 'missing') return <NotFound />;
  if (!org) return <h1 tabIndex={-1}>Organization</h1>;
  const manages = org.role === 'owner' || org.role === 'admin';
  return (
    <>
      <h1 tabIndex={-1}>{org.name}</h1>
      {org.description ? <p>{org.description}</p> : null}
      <p class="meta">
        {org.memberCount} {org.memberCount === 1 ? 'member' : 'members'}
        {org.role ? ` · you are ${ROLE_NAMES[org.role].toLowerCase()}` : ''}
      </p>
      {org.role ? <Members org={org} /> : null}
      {manages && !org.isSystem ? <Invites org={org} /> : null}
      <h2>Messages</h2>
      <Feed load={load} live label={`Messages in ${org.name}`} empty="No messages posted to this organization yet." />
    </>
  );
}

function Members({ org }: { org: Org }) {
  const user = useSession();
  const [members, setMembers] = useState<Member[] | null>(null);
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const slug = org.slug;
  useEffect(() => {
    void api.GET('/api/orgs/{slug}/members', { params: { path: { slug }, query: { limit: 100 } } }).then(({ data, error: failure }) => (data ? setMembers(data.members) : setError(errorText(failure))));
  }, [slug]);
  const setRole = async (m: Member, role: Role) => {
    setError('');
    const { data, error: failure } = await api.PATCH('/api/orgs/{slug}/members/{username}', { params: { path: { slug, username: m.user.username } }, body: { role } });
    if (!data) return setError(errorText(failure));
    setMembers((old) => old?.map((o) => (o.user.id === m.user.id ? { ...o, role } : o)) ?? null);
    setSaid(`${m.user.displayName} is now ${ROLE_NAMES[role].toLowerCase()}.`);
  };
  const remove = async (m: Member) => {
    setError('');
    const { response, error: failure } = await api.DELETE('/api/orgs/{slug}/members/{username}', { params: { path: { slug, username: m.user.username } } });
    if (!response.ok) return setError(errorText(failure));
    if (m.user.id === user?.id) return navigate('/orgs');
    setMembers((old) => old?.filter((o) => o.user.id !== m.user.id) ?? null);
    setSaid(`${m.user.displayName} is no longer a member.`);
  };
  const owner = org.role === 'owner';
  return (
    <section aria-labelledby="org-members">
      <h2 id="org-members">Members</h2>
      <p role="status">{said}</p>
      <ErrorLine text={error} />
      {members ? (
        <PeopleList
          label="Members"
          people={members.map((m) => m.user)}
          actions={(p) => {
            const m = members.find((o) => o.user.id === p.id)!;
            const self = p.id === user?.id;
            const mayRemove = !self && !org.isSystem && (owner || (org.role === 'admin' && m.role !== 'owner'));
            return (
              <>
                {owner && !org.isSystem ? (
                  <label class="visually-hidden" for={`role-${p.id}`}>
                    Role of {p.displayName}
                  </label>
                ) : null}
                {owner && !org.isSystem ? (
                  <select id={`role-${p.id}`} value={m.role} onChange={(e) => setRole(m, e.currentTarget.value as Role)}>
                    {(['owner', 'admin', 'member'] as const).map((r) => (
                      <option key={r} value={r}>
                        {ROLE_NAMES[r]}
                      </option>
                    ))}
                  </select>
                ) : (
                  <span class="meta">{ROLE_NAMES[m.role]}</span>
                )}
                {mayRemove ? (
                  <button type="button" onClick={() => remove(m)}>
                    Remove<span class="visually-hidden"> {p.displayName}</span>
                  </button>
                ) : null}
                {self && !org.isSystem ? (
                  <button type="button" onClick={() => remove(m)}>
                    Leave {org.name}
                  </button>
                ) : null}
              </>
            );
          }}
        />
      ) : null}
    </section>
  );
}

function Invites({ org }: { org: Org }) {
  const id = useId();
  const [invites, setInvites] = useState<Invite[] | null>(null);
  const [who, setWho] = useState('');
  const [role, setRole] = useState<'admin' | 'member'>('member');
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const slug = org.slug;
  useEffect(() => {
    void api.GET('/api/orgs/{slug}/invites', { params: { path: { slug } } }).then(({ data, error: failure }) => (data ? setInvites(data.invites) : setError(errorText(failure))));
  }, [slug]);
  const invite = async (event: Event) => {
    event.preventDefault();
    setError('');
    const target = who.trim();
    const body = target.includes('@') && !target.startsWith('@') ? { email: target, role } : { username: target.replace(/^@/, ''), role };
    const { data, error: failure } = await api.POST('/api/orgs/{slug}/invites', { params: { path: { slug } }, body });
    if (!data) return setError(errorText(failure));
    setInvites((old) => [data.invite, ...(old ?? [])]);
    setWho('');
    setSaid(`Invited ${data.invite.username ? `@${data.invite.username}` : data.invite.email}.`);
  };
  const revoke = async (i: Invite) => {
    setError('');
    const { response, error: failure } = await api.DELETE('/api/orgs/{slug}/invites/{id}', { params: { path: { slug, id: i.id } } });
    if (!response.ok) return setError(errorText(failure));
    setInvites((old) => old?.filter((o) => o.id !== i.id) ?? null);
    setSaid('Invitation revoked.');
  };
  return (
    <section aria-labelledby={`${id}-title`} class="panel">
      <h2 id={`${id}-title`}>Invitations</h2>
      <form class="inline-form" onSubmit={invite}>
        <label for={`${id}-who`}>Invite (username or e-mail address)</label>
        <input id={`${id}-who`} required value={who} onInput={(e) => setWho(e.currentTarget.value)} />
        <label for={`${id}-role`} class="visually-hidden">
          Role for the invited person
        </label>
        <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.currentTarget.value as 'admin' | 'member')}>
          <option value="member">Member</option>
          <option value="admin">Administrator</option>
        </select>
        <button type="submit">Send the invitation</button>
      </form>
      <p role="status">{said}</p>
      <ErrorLine text={error} />
      {invites?.length === 0 ? <p>No pending invitations.</p> : null}
      {invites?.length ? (
        <ul class="rows" aria-label="Pending invitations">
          {invites.map((i) => {
            const name = i.username ? `@${i.username}` : (i.email ?? '');
            return (
              <li key={i.id}>
                <span>
                  {name} as {ROLE_NAMES[i.role].toLowerCase()} · until {new Date(i.expiresAt).toLocaleDateString()}
                </span>
                <button type="button" onClick={() => revoke(i)}>
                  Revoke<span class="visually-hidden"> the invitation of {name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
