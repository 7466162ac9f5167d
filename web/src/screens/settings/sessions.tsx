import { useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../../api';
import { ErrorLine } from '../../components/error-line';
import { navigate } from '../../router';
import { refreshSession, useSession } from '../../session';
import { formatWhen } from './logic';
import { focusHeading, OutcomeLine, outcomeOf, useLoaded, type Outcome } from './shared';

// Sessions (the browsers signed in to this account) and sync tokens (native and command-line
// clients): each ended on its own, or every session at once. A new sync token asks for the
// password again and is shown once, here: the service keeps only its hash.

export function SessionsPart() {
  return (
    <>
      <Sessions />
      <SyncTokens />
    </>
  );
}

function Sessions() {
  const sessions = useLoaded(() => api.GET('/api/auth/sessions').then((r) => ({ data: r.data?.sessions, error: r.error })));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const end = async (s: Schemas['SessionInfo']) => {
    const res = await api.DELETE('/api/auth/sessions/{id}', { params: { path: { id: s.id } } });
    setOutcome(outcomeOf(res, 'The session has ended: that browser is signed out.'));
    await sessions.reload();
    focusHeading('sessions-heading');
  };
  const endAll = async () => {
    const res = await api.POST('/api/auth/logout', { body: { all: true } });
    if (!res.response.ok) return setOutcome({ ok: false, text: errorText(res.error) });
    const next = await refreshSession();
    navigate(next ? '/' : '/login');
  };
  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" tabIndex={-1}>Sessions</h2>
      <ErrorLine text={sessions.error} />
      {sessions.data === null && !sessions.error ? <p class="loading">Loading sessions…</p> : null}
      <ul class="settings-list">
        {sessions.data?.map((s) => (
          <li key={s.id}>
            <p>
              <strong>{s.userAgent ?? 'An unnamed browser'}</strong>
              {s.current ? ' (this browser)' : ''}
            </p>
            <p class="meta">
              Signed in {formatWhen(s.createdAt)} · last used {formatWhen(s.lastUsedAt)}
            </p>
            {s.current ? null : (
              <button type="button" onClick={() => end(s)}>
                End this session<span class="visually-hidden">: {s.userAgent ?? 'an unnamed browser'}, signed in {formatWhen(s.createdAt)}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <OutcomeLine outcome={outcome} />
      <button type="button" class="danger" onClick={endAll}>
        Sign out everywhere
      </button>
    </section>
  );
}

function SyncTokens() {
  const user = useSession()!;
  const tokens = useLoaded(() => api.GET('/api/auth/sync-tokens').then((r) => ({ data: r.data?.syncTokens, error: r.error })));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [secret, setSecret] = useState('');

  const create = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const password = String(new FormData(form).get('password'));
    const { data, error } = await api.POST('/api/auth/sync-token', { body: { email: user.email, password } });
    if (!data) return setOutcome({ ok: false, text: errorText(error) });
    form.reset();
    setSecret(data.token);
    setOutcome({ ok: true, text: 'A new sync token was made. Copy it now: it is not shown again.' });
    await tokens.reload();
  };
  const revoke = async (t: Schemas['SyncTokenInfo']) => {
    const res = await api.DELETE('/api/auth/sync-tokens/{id}', { params: { path: { id: t.id } } });
    setOutcome(outcomeOf(res, 'The sync token is revoked: the client using it is signed out.'));
    await tokens.reload();
    focusHeading('tokens-heading');
  };
  const copy = async () => {
    await navigator.clipboard.writeText(secret).then(
      () => setOutcome({ ok: true, text: 'The token is copied.' }),
      () => setOutcome({ ok: false, text: 'The token could not be copied: select it and copy it by hand.' }),
    );
  };

  return (
    <section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading" tabIndex={-1}>Sync tokens</h2>
      <p>Sync tokens sign in native, mobile and command-line clients (sent as “Authorization: Bearer …”).</p>
      <ErrorLine text={tokens.error} />
      {tokens.data?.length === 0 ? <p>You have no sync tokens.</p> : null}
      <ul class="settings-list">
        {tokens.data?.map((t) => (
          <li key={t.id}>
            <p>
              Made {formatWhen(t.createdAt)} · {t.lastUsedAt ? `last used ${formatWhen(t.lastUsedAt)}` : 'never used'}
            </p>
            <button type="button" onClick={() => revoke(t)}>
              Revoke<span class="visually-hidden"> the sync token made {formatWhen(t.createdAt)}</span>
            </button>
          </li>
        ))}
      </ul>
      {secret ? (
        <div class="secret">
          <label for="new-sync-token">Your new sync token (shown only now)</label>
          <input id="new-sync-token" readOnly value={secret} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" onClick={copy}>
            Copy the token
          </button>
        </div>
      ) : null}
      <OutcomeLine outcome={outcome} />
      <form class="stack" onSubmit={create}>
        <label for="sync-token-password">Your password, to make a new sync token</label>
        <input id="sync-token-password" name="password" type="password" autocomplete="current-password" required />
        <button type="submit">Make a sync token</button>
      </form>
    </section>
  );
}
