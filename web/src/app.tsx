import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api';
import { onLive } from './live';
import { navigate, screenOf, useRoute } from './router';
import { SCREENS, type ScreenModule } from './screens';
import { refreshSession, signedOut, useSession } from './session';
import { useIsAdministrator } from './admin-gate';
import { AccountNotice } from './components/account-notice';
import { AccountSwitcher } from './components/account-switcher';

// The frame around every screen: the header with the navigation, the account-status notice, and
// the <main> the current screen renders into (focus moves to its heading on navigation).

export function App() {
  const route = useRoute();
  const user = useSession();
  const screen = screenOf(route);
  const [loaded, setLoaded] = useState<{ name: string; module: ScreenModule } | null>(null);
  const firstScreen = useRef(true);

  useEffect(() => {
    let live = true;
    SCREENS[screen]().then(
      (module) => live && setLoaded({ name: screen, module }),
      () => live && setLoaded(null),
    );
    return () => {
      live = false;
    };
  }, [screen]);

  // Focus goes to the new screen's heading after a navigation (not on the first load, where the
  // skip link comes first), so a screen-reader or keyboard user starts at the new content.
  useEffect(() => {
    if (!loaded) return;
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    const heading = document.querySelector<HTMLElement>('main h1');
    (heading ?? document.getElementById('main'))?.focus();
  }, [loaded, route.pathname]);

  if (user === undefined) return <p class="loading">Loading…</p>;
  const Screen = loaded?.name === screen ? loaded.module.default : null;
  return (
    <>
      <Header />
      {user ? <AccountNotice user={user} /> : null}
      <main id="main" tabIndex={-1}>
        {Screen ? <Screen route={route} param={route.match?.param ?? ''} /> : <p class="loading">Loading…</p>}
      </main>
    </>
  );
}

function Header() {
  const user = useSession();
  const admin = useIsAdministrator();
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!user) return;
    const load = async () => {
      const { data } = await api.GET('/api/notifications', { params: { query: { scope: 'tray' } } });
      if (data) setUnread(data.unreadCount);
    };
    void load();
    return onLive('notifications', load);
  }, [user?.id]);

  const signOut = async () => {
    await api.POST('/api/auth/logout', { body: {} });
    signedOut();
    await refreshSession();
    navigate('/');
  };

  return (
    <header class="site-header">
      <nav aria-label="Main">
        <ul>
          <li>
            <a href="/">Home</a>
          </li>
          {user ? (
            <>
              <li>
                <a href="/search">Search</a>
              </li>
              <li>
                <a href="/lists">Lists</a>
              </li>
              <li>
                <a href="/documents">Documents</a>
              </li>
              <li>
                <a href="/shared-with-me">Shared with me</a>
              </li>
              <li>
                <a href="/notifications">
                  Notifications
                  {unread ? (
                    <span class="badge">
                      {unread}
                      <span class="visually-hidden"> unread</span>
                    </span>
                  ) : null}
                </a>
              </li>
              <li>
                <a href="/direct">Direct messages</a>
              </li>
              <li>
                <a href="/orgs">Organizations</a>
              </li>
              <li>
                <a href={`/users/${encodeURIComponent(user.username)}`}>Profile</a>
              </li>
              <li>
                <a href="/settings">Settings</a>
              </li>
              {admin ? (
                <li>
                  <a href="/admin">Administration</a>
                </li>
              ) : null}
              <li>
                <AccountSwitcher />
              </li>
              <li>
                <button type="button" class="link-button" onClick={signOut}>
                  Sign out
                </button>
              </li>
            </>
          ) : (
            <>
              <li>
                <a href="/login">Sign in</a>
              </li>
              <li>
                <a href="/register">Register</a>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
