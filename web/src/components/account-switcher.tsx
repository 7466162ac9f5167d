import { useEffect, useRef, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { navigate } from '../router';
import { refreshSession, useSession } from '../session';
import { ErrorLine } from './error-line';
import './account-switcher.css';

// The multi-account switcher of the spec ("a browser cookie can cache several sessions"): the
// accounts signed in on this browser (GET /api/auth/accounts), switch to one, sign one out of this
// browser, or add another (the sign-in form adds to the cookie). A disclosure in the header:
// Escape closes it and gives the focus back to its button.

type Account = Schemas['UserSummary'];

export function AccountSwitcher() {
  const user = useSession();
  const [open, setOpen] = useState(false);
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [error, setError] = useState('');
  const toggle = useRef<HTMLButtonElement>(null);

  const load = async () => {
    const { data, error: failure } = await api.GET('/api/auth/accounts');
    if (!data) return setError(errorText(failure));
    setError('');
    setAccounts(data.accounts);
  };
  useEffect(() => {
    if (open) void load();
  }, [open, user?.id]);
  // Open, Escape anywhere closes it (the focus back on its button), and so does a click outside.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onClick = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);
  if (!user) return null;

  const afterChange = async () => {
    setOpen(false);
    const now = await refreshSession();
    navigate(now ? '/' : '/login');
  };
  const switchTo = async (account: Account) => {
    const { error: failure, response } = await api.POST('/api/auth/switch', { body: { userId: account.id } });
    if (!response.ok) return setError(errorText(failure));
    await afterChange();
  };
  const remove = async (account: Account) => {
    const { error: failure, response } = await api.POST('/api/auth/remove-account', { body: { userId: account.id } });
    if (!response.ok) return setError(errorText(failure));
    if (account.id === user.id) return afterChange();
    // The button pressed is gone with its account: the focus goes back to the menu's button.
    toggle.current?.focus();
    await load();
  };

  return (
    <div class="account-switcher" ref={box}>
      <button type="button" ref={toggle} aria-expanded={open} aria-controls="account-menu" onClick={() => setOpen(!open)}>
        Accounts<span class="visually-hidden">: signed in as @{user.username}</span>
      </button>
      {open ? (
        <div id="account-menu" class="account-menu" role="group" aria-label="Accounts on this browser">
          <ErrorLine text={error} />
          {accounts === null && !error ? <p class="loading">Loading accounts…</p> : null}
          <ul>
            {accounts?.map((a) => (
              <li key={a.id}>
                <span class="account-name">
                  {a.displayName} <span class="handle">@{a.username}</span>
                  {a.id === user.id ? <strong> (current)</strong> : null}
                </span>
                {a.id === user.id ? null : (
                  <button type="button" onClick={() => switchTo(a)}>
                    Switch<span class="visually-hidden"> to @{a.username}</span>
                  </button>
                )}
                <button type="button" onClick={() => remove(a)}>
                  Sign out<span class="visually-hidden"> @{a.username} on this browser</span>
                </button>
              </li>
            ))}
          </ul>
          <p>
            <a href="/login" onClick={() => setOpen(false)}>
              Add another account
            </a>
          </p>
        </div>
      ) : null}
    </div>
  );
}
