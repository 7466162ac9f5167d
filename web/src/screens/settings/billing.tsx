import { useState } from 'preact/hooks';
import { api, errorText } from '../../api';
import { ErrorLine } from '../../components/error-line';
import { useSession } from '../../session';
import { formatWhen, subscriptionText, tierText } from './logic';
import { useLoaded } from './shared';

// Billing: the tier, the subscription as the payment provider holds it, and the two ways to the
// provider: checkout (free accounts) and the customer portal. Each button asks the API for the
// provider's page and the browser goes there; the provider sends it back here.

const RETURN_TO = '/settings/billing';

export function BillingPart() {
  const user = useSession()!;
  const billing = useLoaded(() => api.GET('/api/billing').then((r) => ({ data: r.data?.billing, error: r.error })));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const go = async (call: () => Promise<{ data?: { url: string }; error?: unknown }>) => {
    setBusy(true);
    setError('');
    const { data, error: failure } = await call();
    setBusy(false);
    if (!data) return setError(errorText(failure));
    location.assign(data.url);
  };
  const checkout = (plan: 'monthly' | 'annual') => go(() => api.POST('/api/billing/checkout-session', { body: { plan, returnTo: RETURN_TO } }));
  const portal = () => go(() => api.POST('/api/billing/portal-session', { body: { returnTo: RETURN_TO } }));

  const b = billing.data;
  const subscription = b ? subscriptionText(b, formatWhen) : null;
  return (
    <section aria-labelledby="billing-heading">
      <h2 id="billing-heading">Billing</h2>
      <ErrorLine text={billing.error} />
      <p>
        Your tier: <strong>{tierText(b?.customerStatus ?? user.customerStatus)}</strong>
      </p>
      {subscription ? <p>{subscription}</p> : null}
      {b && !b.configured ? <p>Payments are not set up on this server, so subscriptions cannot be bought here.</p> : null}
      {b?.configured ? (
        <div class="button-row">
          {b.customerStatus === 'free' ? (
            <>
              <button type="button" disabled={busy} onClick={() => checkout('monthly')}>
                Subscribe monthly
              </button>
              <button type="button" disabled={busy} onClick={() => checkout('annual')}>
                Subscribe yearly
              </button>
            </>
          ) : null}
          <button type="button" disabled={busy} onClick={portal}>
            Manage payments and invoices
          </button>
        </div>
      ) : null}
      <ErrorLine text={error} />
    </section>
  );
}
