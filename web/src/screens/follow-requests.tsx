import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { ErrorLine } from '../components/error-line';
import { allOf } from '../components/moderation';
import { PeopleList, type Person } from '../components/people';
import { useTitle } from '../components/title';
import { useSession } from '../session';

// `/follow-requests`: who asks to follow the viewer (accept or decline), and the people the viewer
// blocks or mutes (a blocked person's profile is gone for the viewer, so unblocking is here).

type Request = Schemas['FollowRequest'];

export default function FollowRequestsScreen() {
  const user = useSession();
  useTitle('Follow requests');
  const [requests, setRequests] = useState<Request[] | null>(null);
  const [blocked, setBlocked] = useState<Person[] | null>(null);
  const [muted, setMuted] = useState<Person[] | null>(null);
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!user) return;
    void api.GET('/api/user/follow-requests').then(({ data, error: failure }) => (data ? setRequests(data.requests) : setError(errorText(failure))));
    void allOf('blocks').then((r) => (Array.isArray(r) ? setBlocked(r) : setError(errorText(r.error))));
    void allOf('mutes').then((r) => (Array.isArray(r) ? setMuted(r) : setError(errorText(r.error))));
  }, [user?.id]);
  if (!user) {
    return (
      <>
        <h1 tabIndex={-1}>Follow requests</h1>
        <p>
          <a href="/login">Sign in</a> to see who asks to follow you.
        </p>
      </>
    );
  }

  const answer = async (request: Request, accept: boolean) => {
    setError('');
    const path = { params: { path: { id: request.id } } };
    const res = accept ? await api.POST('/api/user/follow-requests/{id}/accept', path) : await api.POST('/api/user/follow-requests/{id}/reject', path);
    if (!res.response.ok) return setError(errorText(res.error));
    setRequests((old) => old?.filter((r) => r.id !== request.id) ?? null);
    setSaid(accept ? `${request.user.displayName} now follows you.` : `Declined ${request.user.displayName}’s request.`);
  };
  const unblock = async (p: Person) => {
    setError('');
    const res = await api.DELETE('/api/users/{username}/block', { params: { path: { username: p.username } } });
    if (!res.data) return setError(errorText(res.error));
    setBlocked((old) => old?.filter((o) => o.id !== p.id) ?? null);
    setSaid(`Unblocked ${p.displayName}.`);
  };
  const unmute = async (p: Person) => {
    setError('');
    const res = await api.DELETE('/api/users/{username}/mute', { params: { path: { username: p.username } } });
    if (!res.data) return setError(errorText(res.error));
    setMuted((old) => old?.filter((o) => o.id !== p.id) ?? null);
    setSaid(`Unmuted ${p.displayName}.`);
  };

  return (
    <>
      <h1 tabIndex={-1}>Follow requests</h1>
      <p role="status">{said}</p>
      <ErrorLine text={error} />
      {requests === null ? <p class="loading">Loading requests…</p> : null}
      {requests?.length === 0 ? <p>No one is waiting for an answer.</p> : null}
      {requests?.length ? (
        <PeopleList
          label="Requests to follow you"
          people={requests.map((r) => r.user)}
          actions={(p) => {
            const request = requests.find((r) => r.user.id === p.id)!;
            return (
              <>
                <button type="button" onClick={() => answer(request, true)}>
                  Accept<span class="visually-hidden"> {p.displayName}</span>
                </button>
                <button type="button" onClick={() => answer(request, false)}>
                  Decline<span class="visually-hidden"> {p.displayName}</span>
                </button>
              </>
            );
          }}
        />
      ) : null}
      <h2>Blocked accounts</h2>
      {blocked?.length === 0 ? <p>You block no one.</p> : null}
      {blocked?.length ? (
        <PeopleList
          label="Blocked accounts"
          people={blocked}
          actions={(p) => (
            <button type="button" onClick={() => unblock(p)}>
              Unblock<span class="visually-hidden"> {p.displayName}</span>
            </button>
          )}
        />
      ) : null}
      <h2>Muted accounts</h2>
      {muted?.length === 0 ? <p>You mute no one.</p> : null}
      {muted?.length ? (
        <PeopleList
          label="Muted accounts"
          people={muted}
          actions={(p) => (
            <button type="button" onClick={() => unmute(p)}>
              Unmute<span class="visually-hidden"> {p.displayName}</span>
            </button>
          )}
        />
      ) : null}
    </>
  );
}
