import { useEffect, useRef, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../../api';
import { OutcomeLine, outcomeOf, type Outcome } from '../settings/shared';
import { SetPassword } from './set-password';
import { purgeCountsText, STATUS_RULES, STATUSES, type AccountStatus } from './logic';

// One user, opened from the table: the account status with what each one means, the tier and
// flags, a purge of what they wrote (counted first by a dry run, then done), and deleting them.
// The focus goes to its heading when it opens and back to the page when it closes.

type AdminUser = Schemas['AdminUser'];
type Categories = Required<NonNullable<NonNullable<Parameters<typeof purge>[1]>['categories']>>;

const CATEGORY_LABELS: [keyof Categories, string][] = [
  ['messages', 'Messages and replies'],
  ['directMessages', 'Direct messages they sent'],
  ['documents', 'Documents and folders'],
  ['lists', 'Lists and list folders'],
];

function purge(userId: string, body: { categories?: { messages?: boolean; directMessages?: boolean; documents?: boolean; lists?: boolean }; reason?: string; dryRun?: boolean }) {
  return api.POST('/api/admin/users/{userId}/purge', { params: { path: { userId } }, body });
}

export function UserDetail({ user, onChanged, onClose }: { user: AdminUser; onChanged: () => Promise<void>; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const path = { params: { path: { userId: user.id } } };

  const [statusOutcome, setStatusOutcome] = useState<Outcome | null>(null);
  const [status, setStatus] = useState<AccountStatus>(user.accountStatus);
  const saveStatus = async (event: Event) => {
    event.preventDefault();
    const res = await api.PUT('/api/admin/users/{userId}', { ...path, body: { accountStatus: status } });
    setStatusOutcome(outcomeOf(res, `@${user.username} is now ${STATUSES.find((s) => s.value === status)!.label.toLowerCase()}.`));
    if (res.data) await onChanged();
  };

  const [flagsOutcome, setFlagsOutcome] = useState<Outcome | null>(null);
  const saveFlags = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const body = {
      customerStatus: String(form.get('customerStatus')) as AdminUser['customerStatus'],
      emailVerified: form.get('emailVerified') === 'on',
      cleared: form.get('cleared') === 'on',
      isAdministrator: form.get('isAdministrator') === 'on',
    };
    const res = await api.PUT('/api/admin/users/{userId}', { ...path, body });
    setFlagsOutcome(outcomeOf(res, `@${user.username} is saved.`));
    if (res.data) await onChanged();
  };

  const [categories, setCategories] = useState<Categories>({ messages: true, directMessages: true, documents: true, lists: true });
  const [reason, setReason] = useState('');
  const [dryRun, setDryRun] = useState<string | null>(null);
  const [purgeOutcome, setPurgeOutcome] = useState<Outcome | null>(null);
  const changeCategory = (key: keyof Categories, on: boolean) => {
    setCategories({ ...categories, [key]: on });
    setDryRun(null);
  };
  const countPurge = async () => {
    const { data, error } = await purge(user.id, { categories, reason, dryRun: true });
    if (!data) return setPurgeOutcome({ ok: false, text: errorText(error) });
    setPurgeOutcome(null);
    setDryRun(`A purge would remove ${purgeCountsText(data.counts)}. Nothing has been removed yet.`);
  };
  const doPurge = async () => {
    const { data, error } = await purge(user.id, { categories, reason, dryRun: false });
    setDryRun(null);
    if (!data) return setPurgeOutcome({ ok: false, text: errorText(error) });
    setPurgeOutcome({ ok: true, text: `Purged: ${purgeCountsText(data.counts)} removed.` });
  };

  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteOutcome, setDeleteOutcome] = useState<Outcome | null>(null);
  const remove = async () => {
    const res = await api.DELETE('/api/admin/users/{userId}', path);
    setConfirmDelete(false);
    if (!res.response.ok) return setDeleteOutcome(outcomeOf(res, ''));
    onClose();
    await onChanged();
  };

  return (
    <section class="user-detail" aria-labelledby="user-detail-heading">
      <h2 id="user-detail-heading" tabIndex={-1} ref={heading}>
        Manage @{user.username}
      </h2>
      <p>
        {user.displayName} · {user.email} · joined {new Date(user.createdAt).toLocaleDateString()}
      </p>

      <form onSubmit={saveStatus}>
        <fieldset>
          <legend>Account status</legend>
          <p class="hint">{STATUS_RULES}</p>
          {STATUSES.map((s) => (
            <div class="status-option" key={s.value}>
              <input
                type="radio"
                id={`status-${s.value}`}
                name="accountStatus"
                value={s.value}
                checked={status === s.value}
                onChange={() => setStatus(s.value)}
                aria-describedby={`status-${s.value}-meaning`}
              />
              <label for={`status-${s.value}`}>
                {s.label}
                {s.value === user.accountStatus ? ' (now)' : ''}
              </label>
              <p id={`status-${s.value}-meaning`} class="hint">
                {s.meaning}
              </p>
            </div>
          ))}
        </fieldset>
        <OutcomeLine outcome={statusOutcome} />
        <button type="submit" disabled={status === user.accountStatus}>
          Save the status
        </button>
      </form>

      <form class="stack" onSubmit={saveFlags}>
        <h3>Tier and flags</h3>
        <label for="detail-tier">Tier</label>
        <select id="detail-tier" name="customerStatus" value={user.customerStatus}>
          <option value="free">Free</option>
          <option value="subscriber">Subscriber (granted)</option>
          <option value="subscriber:monthly">Subscriber, monthly</option>
          <option value="subscriber:annual">Subscriber, yearly</option>
        </select>
        <label class="check">
          <input type="checkbox" name="emailVerified" checked={user.emailVerified} /> E-mail verified
        </label>
        <label class="check">
          <input type="checkbox" name="cleared" checked={user.cleared} /> Cleared (reviewed by an administrator)
        </label>
        <label class="check">
          <input type="checkbox" name="isAdministrator" checked={user.isAdministrator} /> Administrator
        </label>
        <OutcomeLine outcome={flagsOutcome} />
        <button type="submit">Save the tier and flags</button>
      </form>

      <SetPassword userId={user.id} username={user.username} />

      <section aria-labelledby="purge-heading">
        <h3 id="purge-heading">Purge their content</h3>
        <p class="hint">Removes what they wrote and keeps the account and its status. It cannot be undone: count first.</p>
        <fieldset>
          <legend>What to remove</legend>
          {CATEGORY_LABELS.map(([key, label]) => (
            <label class="check" key={key}>
              <input type="checkbox" checked={categories[key]} onChange={(e) => changeCategory(key, e.currentTarget.checked)} /> {label}
            </label>
          ))}
        </fieldset>
        <label for="purge-reason">Reason (kept in the audit record)</label>
        <input id="purge-reason" value={reason} onInput={(e) => setReason(e.currentTarget.value)} maxLength={500} />
        <p role="status">{dryRun ?? ''}</p>
        <div class="button-row">
          <button type="button" onClick={countPurge}>
            Count what a purge would remove
          </button>
          <button type="button" class="danger solid" disabled={dryRun === null} onClick={doPurge}>
            Purge for good
          </button>
        </div>
        <OutcomeLine outcome={purgeOutcome} />
      </section>

      <section aria-labelledby="delete-user-heading">
        <h3 id="delete-user-heading">Delete the account</h3>
        {confirmDelete ? (
          <div class="button-row">
            <button type="button" class="danger solid" onClick={remove}>
              Delete @{user.username} for good
            </button>
            <button type="button" onClick={() => setConfirmDelete(false)}>
              Keep the account
            </button>
          </div>
        ) : (
          <button type="button" class="danger" onClick={() => setConfirmDelete(true)}>
            Delete @{user.username}…
          </button>
        )}
        <OutcomeLine outcome={deleteOutcome} />
      </section>

      <button type="button" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
