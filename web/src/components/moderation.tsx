import { useEffect, useState } from 'preact/hooks';
import './social.css';
import { api, errorText, type Schemas } from '../api';
import { ErrorLine } from './error-line';
import { ReportButton } from './report-dialog';

// Block, mute and report, on a profile. The profile read does not say whether the viewer blocks
// or mutes its user, so the viewer's own lists are read for it. A block also ends follows both
// ways (the profile is told through `onBlocked`).

type Person = Schemas['UserSummary'];
const PAGE = 100;

/** Every page of the viewer's blocks or mutes (people keep these lists short). */
export async function allOf(which: 'blocks' | 'mutes'): Promise<Person[] | { error: unknown }> {
  const people: Person[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await api.GET(which === 'blocks' ? '/api/user/blocks' : '/api/user/mutes', { params: { query: { limit: PAGE, offset } } });
    if (!data) return { error };
    people.push(...data.users);
    if (!data.pagination.hasMore) return people;
  }
}

export function ProfileModeration(props: { username: string; displayName: string; onBlocked: (blocking: boolean) => void }) {
  const [blocking, setBlocking] = useState<boolean | null>(null);
  const [muting, setMuting] = useState<boolean | null>(null);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [error, setError] = useState('');
  const same = (p: Person) => p.username.toLowerCase() === props.username.toLowerCase();
  useEffect(() => {
    void Promise.all([allOf('blocks'), allOf('mutes')]).then(([blocks, mutes]) => {
      if (!Array.isArray(blocks)) return setError(errorText(blocks.error));
      if (!Array.isArray(mutes)) return setError(errorText(mutes.error));
      setBlocking(blocks.some(same));
      setMuting(mutes.some(same));
    });
  }, [props.username]);

  const path = { params: { path: { username: props.username } } };
  const toggleBlock = async () => {
    setError('');
    setConfirmBlock(false);
    const res = blocking ? await api.DELETE('/api/users/{username}/block', path) : await api.POST('/api/users/{username}/block', path);
    if (!res.data) return setError(errorText(res.error));
    setBlocking(res.data.blocking);
    props.onBlocked(res.data.blocking);
  };
  const toggleMute = async () => {
    setError('');
    const res = muting ? await api.DELETE('/api/users/{username}/mute', path) : await api.POST('/api/users/{username}/mute', path);
    if (!res.data) return setError(errorText(res.error));
    setMuting(res.data.muting);
  };
  if (blocking === null || muting === null) return <ErrorLine text={error} />;
  return (
    <div class="moderation">
      {blocking ? (
        <p role="status">You block {props.displayName}: neither of you sees the other’s messages or profile.</p>
      ) : muting ? (
        <p role="status">You mute {props.displayName}: their messages and notifications stay out of your feeds.</p>
      ) : null}
      <div class="actions">
        {confirmBlock ? (
          <>
            <button type="button" class="danger" onClick={toggleBlock}>
              Block for good<span class="visually-hidden"> {props.displayName}</span>
            </button>
            <button type="button" onClick={() => setConfirmBlock(false)}>
              Do not block
            </button>
          </>
        ) : (
          <button type="button" onClick={blocking ? toggleBlock : () => setConfirmBlock(true)}>
            {blocking ? 'Unblock' : 'Block'}
          </button>
        )}
        {blocking ? null : (
          <button type="button" onClick={toggleMute} aria-pressed={muting}>
            {muting ? 'Muted: unmute' : 'Mute'}
          </button>
        )}
        <ReportButton target={{ kind: 'user', username: props.username }} what={`@${props.username}`} />
      </div>
      <ErrorLine text={error} />
    </div>
  );
}
