import { useEffect, useRef, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../../api';
import { ErrorLine } from '../../components/error-line';
import { OutcomeLine, type Outcome } from '../settings/shared';
import { Pager } from './pager';
import { pageText, statusLabel, STATUSES, toggled, type AccountStatus } from './logic';
import { NewUser } from './new-user';
import { UserDetail } from './user-detail';

// The users: search (e-mail, username, display name), a page at a time, each row selectable for
// the bulk actions (status, clearance, e-mail verified, delete), and one user opened to manage.

type AdminUser = Schemas['AdminUser'];
const PAGE = 25;

export function Users() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<{ users: AdminUser[]; pagination: Schemas['Pagination'] } | null>(null);
  const [error, setError] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<AdminUser | null>(null);
  // The "Manage" button that opened the user, for the focus to go back to when it closes.
  const opener = useRef<HTMLButtonElement | null>(null);
  const close = () => {
    setOpen(null);
    requestAnimationFrame(() => (opener.current?.isConnected ? opener.current : document.getElementById('admin-search'))?.focus());
  };

  const load = async () => {
    const { data, error: failure } = await api.GET('/api/admin/users', { params: { query: { limit: PAGE, offset, ...(search ? { search } : {}) } } });
    if (!data) return setError(errorText(failure));
    setError('');
    setPage(data);
    setOpen((o) => (o ? (data.users.find((u) => u.id === o.id) ?? o) : o));
  };
  useEffect(() => {
    void load();
  }, [search, offset]);

  const submitSearch = (event: Event) => {
    event.preventDefault();
    setSearch(String(new FormData(event.currentTarget as HTMLFormElement).get('search')).trim());
    setOffset(0);
    setSelected(new Set());
  };

  return (
    <>
      <form class="inline-form" role="search" onSubmit={submitSearch}>
        <label for="admin-search">Search users (e-mail, username or display name)</label>
        <input id="admin-search" name="search" type="search" />
        <button type="submit">Search</button>
      </form>
      <NewUser
        onCreated={async (user) => {
          // The new account is shown: its row (searched by its username), ready to manage.
          setSearch(user.username);
          setOffset(0);
          setSelected(new Set());
        }}
      />
      <ErrorLine text={error} />
      {page === null && !error ? <p class="loading">Loading users…</p> : null}
      {page ? (
        <>
          <p role="status">{search ? `${page.pagination.total} found for “${search}”. ` : ''}{pageText(page.pagination)}</p>
          <div class="table-wrap" tabIndex={0} role="region" aria-label="Users">
            <table class="admin-users">
              <thead>
                <tr>
                  <th scope="col">
                    <span class="visually-hidden">Selected</span>
                  </th>
                  <th scope="col">User</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Status</th>
                  <th scope="col">Tier</th>
                  <th scope="col">Flags</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.users.map((u) => (
                  <tr key={u.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Select @${u.username}`}
                        checked={selected.has(u.id)}
                        onChange={(e) => setSelected(toggled(selected, u.id, e.currentTarget.checked))}
                      />
                    </td>
                    <th scope="row">
                      {u.displayName} <span class="handle">@{u.username}</span>
                    </th>
                    <td>{u.email}</td>
                    <td>{statusLabel(u.accountStatus)}</td>
                    <td>{u.customerStatus}</td>
                    <td>{[u.emailVerified ? 'verified' : 'unverified', u.cleared ? 'cleared' : null, u.isAdministrator ? 'administrator' : null].filter(Boolean).join(', ')}</td>
                    <td>
                      <button
                        type="button"
                        onClick={(e) => {
                          opener.current = e.currentTarget;
                          setOpen(u);
                        }}
                      >
                        Manage<span class="visually-hidden"> @{u.username}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager offset={offset} size={PAGE} hasMore={page.pagination.hasMore} onOffset={setOffset} />
          <BulkActions selected={selected} onDone={async (keep) => {
            if (!keep) setSelected(new Set());
            await load();
          }} />
        </>
      ) : null}
      {open ? <UserDetail key={open.id} user={open} onChanged={load} onClose={close} /> : null}
    </>
  );
}

function BulkActions({ selected, onDone }: { selected: Set<string>; onDone: (keepSelection: boolean) => Promise<void> }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [status, setStatus] = useState<AccountStatus>('active');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const userIds = [...selected];
  const n = userIds.length;
  const run = async (call: () => Promise<{ data?: { updated?: number; deleted?: number }; error?: unknown }>, words: (count: number) => string, keep = true) => {
    const { data, error } = await call();
    setConfirmDelete(false);
    if (!data) return setOutcome({ ok: false, text: errorText(error) });
    setOutcome({ ok: true, text: words(data.updated ?? data.deleted ?? 0) });
    await onDone(keep);
    // A deletion takes the pressed button (and the rows) away: the focus stays in this section.
    if (!keep) heading.current?.focus();
  };
  return (
    <section aria-labelledby="bulk-heading" class="bulk">
      <h2 id="bulk-heading" ref={heading} tabIndex={-1}>
        Bulk actions ({n} selected)
      </h2>
      {n === 0 ? <p class="hint">Select users in the table to act on several at once.</p> : null}
      <div class="inline-form">
        <label for="bulk-status">Set the account status of the selected users</label>
        <select id="bulk-status" value={status} onChange={(e) => setStatus(e.currentTarget.value as AccountStatus)}>
          {STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={n === 0}
          onClick={() => run(() => api.PATCH('/api/admin/users/bulk-account-status', { body: { userIds, accountStatus: status } }), (c) => `${c} set to ${statusLabel(status)}.`)}
        >
          Set the status
        </button>
      </div>
      <div class="button-row">
        <button type="button" disabled={n === 0} onClick={() => run(() => api.PATCH('/api/admin/users/bulk-clearance', { body: { userIds } }), (c) => `Clearance switched for ${c}.`)}>
          Switch clearance
        </button>
        <button type="button" disabled={n === 0} onClick={() => run(() => api.PATCH('/api/admin/users/bulk-status', { body: { userIds, emailVerified: true } }), (c) => `${c} marked verified.`)}>
          Mark e-mail verified
        </button>
        <button type="button" disabled={n === 0} onClick={() => run(() => api.PATCH('/api/admin/users/bulk-status', { body: { userIds, emailVerified: false } }), (c) => `${c} marked unverified.`)}>
          Mark e-mail unverified
        </button>
        {confirmDelete ? (
          <>
            <button type="button" class="danger solid" onClick={() => run(() => api.POST('/api/admin/users/bulk-delete', { body: { userIds } }), (c) => `${c} deleted.`, false)}>
              Delete {n} {n === 1 ? 'user' : 'users'} for good
            </button>
            <button type="button" onClick={() => setConfirmDelete(false)}>
              Keep them
            </button>
          </>
        ) : (
          <button type="button" class="danger" disabled={n === 0} onClick={() => setConfirmDelete(true)}>
            Delete the selected users…
          </button>
        )}
      </div>
      <OutcomeLine outcome={outcome} />
    </section>
  );
}
