import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../../api';
import { ErrorLine } from '../../components/error-line';
import { navigate } from '../../router';
import { refreshSession } from '../../session';
import { archiveText, formatWhen } from './logic';

// Your data: the archive of everything the account holds (ask for it, see it being built, download
// it for 24 hours), and deleting the account, confirmed twice (the box and the password).

export function DataPart() {
  return (
    <>
      <Archive />
      <DeleteAccount />
    </>
  );
}

/** How often the page asks again while an archive is being built. */
const ARCHIVE_POLL_MS = 2000;

function Archive() {
  const [archive, setArchive] = useState<Schemas['DataArchive'] | null | undefined>(undefined);
  const [error, setError] = useState('');
  const load = async () => {
    const { data, response } = await api.GET('/api/user/archive');
    // 404: no archive has been asked for.
    setArchive(data?.archive ?? (response.status === 404 ? null : undefined));
  };
  useEffect(() => {
    void load();
  }, []);
  useEffect(() => {
    if (archive?.status !== 'building') return;
    const timer = setInterval(() => void load(), ARCHIVE_POLL_MS);
    return () => clearInterval(timer);
  }, [archive?.status]);

  const request = async () => {
    setError('');
    const { data, error: failure } = await api.POST('/api/user/archive');
    if (!data) return setError(errorText(failure));
    setArchive(data.archive);
  };
  return (
    <section aria-labelledby="archive-heading">
      <h2 id="archive-heading">Your data archive</h2>
      <p>A ZIP file of your profile, messages, direct messages, documents, lists, follows and uploads. One a day.</p>
      {archive === undefined ? <p class="loading">Loading…</p> : null}
      <p role="status">{archive === undefined ? '' : archiveText(archive, formatWhen)}</p>
      {archive?.status === 'ready' && archive.downloadUrl ? (
        <p>
          <a class="button" href={archive.downloadUrl} download>
            Download the archive
          </a>
        </p>
      ) : null}
      {archive?.status !== 'building' ? (
        <button type="button" onClick={request}>
          Ask for a new archive
        </button>
      ) : null}
      <ErrorLine text={error} />
    </section>
  );
}

function DeleteAccount() {
  const [error, setError] = useState('');
  const [open, setOpen] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setError('');
    const { error: failure, response } = await api.DELETE('/api/user', { body: { password: String(form.get('password')) } });
    if (!response.ok) return setError(errorText(failure));
    const next = await refreshSession();
    navigate(next ? '/' : '/login?deleted=1');
  };
  return (
    <section aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete your account</h2>
      <p>
        This removes your account and everything it holds: messages, lists, documents, follows and uploads. It cannot be undone. Your e-mail
        address and username become free again after 30 days.
      </p>
      {open ? (
        <form class="stack" onSubmit={submit}>
          <label class="check">
            <input type="checkbox" name="understood" required /> I understand that my account and everything in it are deleted for good
          </label>
          <label for="delete-password">Your password</label>
          <input id="delete-password" name="password" type="password" autocomplete="current-password" required />
          <ErrorLine text={error} />
          <div class="button-row">
            <button type="submit" class="danger solid">
              Delete my account for good
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              Keep my account
            </button>
          </div>
        </form>
      ) : (
        <button type="button" class="danger" onClick={() => setOpen(true)}>
          Delete my account…
        </button>
      )}
    </section>
  );
}
