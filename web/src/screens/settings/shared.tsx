import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../../api';
import { ErrorLine } from '../../components/error-line';

// What the settings parts share: loading what a part shows, and the line that says how the last
// action went (a failure as an alert, a success as a polite status).

/** Loads with `fetcher` when the part mounts; `reload` asks again. */
export function useLoaded<T>(fetcher: () => Promise<{ data?: T; error?: unknown }>, deps: unknown[] = []) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const reload = async () => {
    const res = await fetcher();
    if (res.data === undefined) return setError(errorText(res.error));
    setError('');
    setData(res.data);
  };
  useEffect(() => {
    void reload();
  }, deps);
  return { data, error, reload, setData };
}

export interface Outcome {
  ok: boolean;
  text: string;
}

/** The outcome of the last action: an alert when it failed, a status line when it worked. */
export function OutcomeLine({ outcome }: { outcome: Outcome | null }) {
  return (
    <>
      <p role="status" class="ok">
        {outcome?.ok ? outcome.text : ''}
      </p>
      <ErrorLine text={outcome && !outcome.ok ? outcome.text : ''} />
    </>
  );
}

/** `{ ok, text }` from an openapi-fetch answer: its message on success, the error in words otherwise. */
export function outcomeOf(res: { data?: unknown; error?: unknown; response: Response }, success: string): Outcome {
  return res.response.ok ? { ok: true, text: success } : { ok: false, text: errorText(res.error) };
}

/**
 * After an action that removes the item whose button was pressed, the focus would fall back to
 * the page: it goes to the section's heading instead (a heading with tabIndex -1).
 */
export function focusHeading(id: string): void {
  document.getElementById(id)?.focus();
}
