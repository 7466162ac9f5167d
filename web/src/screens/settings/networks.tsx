import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../../api';
import { ErrorLine } from '../../components/error-line';
import type { Route } from '../../router';
import { oauthOutcome, PROVIDERS, providerName, type Provider } from './logic';
import { focusHeading, OutcomeLine, outcomeOf, useLoaded, type Outcome } from './shared';

// Linked networks: the identities linked to this account (unlink), and connecting another through
// the provider's OAuth start URL (GET /api/auth/<provider>/authorize asked for JSON, then the
// browser goes to the provider's page; the callback comes back here with ?oauth=linked or
// ?oauth_error=<code>, said in words).

const RETURN_TO = '/settings/networks';

export function NetworksPart({ route }: { route: Route }) {
  const identities = useLoaded(() => api.GET('/api/user/identities').then((r) => ({ data: r.data?.identities, error: r.error })));
  const [outcome, setOutcome] = useState<Outcome | null>(oauthOutcome(route.search));

  const unlink = async (identity: Schemas['Identity']) => {
    const res = await api.DELETE('/api/user/identities/{id}', { params: { path: { id: identity.id } } });
    setOutcome(outcomeOf(res, `${providerName(identity.provider)} (${identity.handle}) is unlinked.`));
    await identities.reload();
    focusHeading('linked-heading');
  };

  return (
    <>
      <section aria-labelledby="linked-heading">
        <h2 id="linked-heading" tabIndex={-1}>Linked networks</h2>
        <OutcomeLine outcome={outcome} />
        <ErrorLine text={identities.error} />
        {identities.data?.length === 0 ? <p>No network is linked to your account.</p> : null}
        <ul class="settings-list">
          {identities.data?.map((i) => (
            <li key={i.id}>
              <p>
                <strong>{providerName(i.provider)}</strong>: {i.handle}
                {i.instanceName ? ` on ${i.instanceName}` : ''}
              </p>
              {i.status === 'reauth_required' ? <p class="error">The network refused the stored sign-in: connect it again to post there.</p> : null}
              <button type="button" onClick={() => unlink(i)}>
                Unlink<span class="visually-hidden"> {providerName(i.provider)} {i.handle}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="connect-heading">
        <h2 id="connect-heading">Connect a network</h2>
        {PROVIDERS.map((p) => (
          <Connect key={p.key} provider={p} />
        ))}
      </section>
    </>
  );
}

function Connect({ provider }: { provider: (typeof PROVIDERS)[number] }) {
  const configured = useConfigured(provider.key);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `connect-${provider.key}`;
  const start = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const query: Record<string, string> = { returnTo: RETURN_TO };
    if (provider.needs) query[provider.needs.param] = String(form.get(provider.needs.param)).trim();
    setBusy(true);
    setError('');
    const { data, error: failure } = await authorize(provider.key, query);
    setBusy(false);
    if (!data) return setError(errorText(failure));
    location.assign(data.authorizationUrl);
  };
  return (
    <form class="inline-form connect" onSubmit={start} aria-label={`Connect ${provider.name}`}>
      {provider.needs ? (
        <>
          <label for={id}>
            {provider.name}: {provider.needs.label}
          </label>
          <input id={id} name={provider.needs.param} required />
        </>
      ) : (
        <p class="connect-name">{provider.name}</p>
      )}
      {configured === false ? (
        <p class="hint">Not set up on this server.</p>
      ) : (
        <button type="submit" disabled={busy}>
          Connect<span class="visually-hidden"> {provider.name}</span>
        </button>
      )}
      <ErrorLine text={error} />
    </form>
  );
}

/** Whether this server has a client for networkC or networkD (they say so); the others: undefined. */
function useConfigured(provider: Provider): boolean | undefined {
  const [configured, setConfigured] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    if (provider !== 'networkC' && provider !== 'networkD') return;
    const path = provider === 'networkC' ? '/api/auth/networkC/status' : '/api/auth/networkD/status';
    void api.GET(path).then(({ data }) => setConfigured(data?.configured));
  }, [provider]);
  return configured;
}

/** The provider's authorization page, asked for as JSON (so a refusal comes back in words, here). */
async function authorize(provider: Provider, query: Record<string, string>): Promise<{ data?: { authorizationUrl: string }; error?: unknown }> {
  const headers = { accept: 'application/json' };
  const res = await (async () => {
    switch (provider) {
      case 'networkA':
        return api.GET('/api/auth/networkA/authorize', { params: { query: query as { instance: string } }, headers });
      case 'networkB':
        return api.GET('/api/auth/networkB/authorize', { params: { query: query as { handle: string } }, headers });
      case 'networkC':
        return api.GET('/api/auth/networkC/authorize', { params: { query }, headers });
      case 'networkD':
        return api.GET('/api/auth/networkD/authorize', { params: { query }, headers });
      case 'codehost':
        return api.GET('/api/auth/codehost/authorize', { params: { query }, headers });
    }
  })();
  return { data: res.data as { authorizationUrl: string } | undefined, error: res.error };
}
