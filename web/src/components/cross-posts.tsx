import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { ErrorLine } from './error-line';
import { NETWORK_LABELS } from './network-names';

// The deliveries of one's own message to the linked networks (GET /api/messages/{id}/cross-posts),
// each with its state in words, and "Try the failed ones again" (POST …/cross-posts/retry: only the
// failed go back to pending; the answer is shown as it comes, "Check again" reads the ledger anew).

type Delivery = Schemas['CrossPostDelivery'];

const stateOf = (d: Delivery) =>
  d.status === 'ok' ? 'delivered' : d.status === 'pending' ? `on its way (attempt ${d.attempts + 1})` : `failed after ${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}${d.error ? `: ${d.error}` : ''}`;

export function CrossPosts({ messageId }: { messageId: string }) {
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const path = { params: { path: { id: messageId } } };
  const load = async () => {
    const { data, error: failure } = await api.GET('/api/messages/{id}/cross-posts', path);
    if (!data) return setError(errorText(failure));
    setError('');
    setDeliveries(data.crossPosts);
  };
  useEffect(() => void load(), [messageId]);
  if (deliveries.length === 0 && !error) return null;
  const failed = deliveries.filter((d) => d.status === 'failed').length;

  const retry = async () => {
    setSaid('');
    const { data, error: failure } = await api.POST('/api/messages/{id}/cross-posts/retry', path);
    if (!data) return setError(errorText(failure));
    setError('');
    setDeliveries(data.crossPosts);
    setSaid(`Trying ${failed} ${failed === 1 ? 'delivery' : 'deliveries'} again.`);
  };

  return (
    <section class="panel" aria-labelledby="cross-posts-h">
      <h2 id="cross-posts-h">Also posted to</h2>
      <ul>
        {deliveries.map((d) => (
          <li key={d.id}>
            {NETWORK_LABELS[d.platform]}: {stateOf(d)}
            {d.externalUrl ? (
              <>
                {' '}
                (<a href={d.externalUrl}>see it there</a>)
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <ErrorLine text={error} />
      <p role="status" class="hint">
        {said}
      </p>
      {failed ? (
        <button type="button" onClick={() => void retry()}>
          Try the failed {failed === 1 ? 'one' : 'ones'} again
        </button>
      ) : null}
      <button type="button" onClick={() => void load()}>
        Check again
      </button>
    </section>
  );
}
