import { useEffect, useState } from 'preact/hooks';
import { matchClientPath, type PathMatch, type ScreenName } from '../../src/features/web/paths';

// The client's router: the server's own path table (src/features/web/paths.ts) and the History
// API. A click on a link to a client path is handled here; every other link is the browser's.

export interface Route {
  pathname: string;
  search: URLSearchParams;
  match: PathMatch | null;
  /** The server answered this page with its 404 (only for the first page of a visit). */
  serverNotFound: boolean;
}

let serverNotFound = document.body.dataset.status === '404';
const listeners = new Set<() => void>();

// The page to go back to after signing in: the last one left that is not itself a sign-in page.
const SIGN_IN_PATHS = /^\/(login|register)\/?$/;
const here = () => location.pathname + location.search;
let shown = here();
let leftFor = SIGN_IN_PATHS.test(location.pathname) ? null : shown;

function moved() {
  const now = here();
  if (now !== shown && !SIGN_IN_PATHS.test(new URL(shown, location.origin).pathname)) leftFor = shown;
  shown = now;
  listeners.forEach((l) => l());
}

/**
 * Where to go after signing in: `?next=` when it names a client path of this origin (never
 * another site), else the page the person came from in this visit, else the home page.
 */
export function returnPath(search: URLSearchParams): string {
  const next = search.get('next');
  if (next && next.startsWith('/') && !next.startsWith('//')) {
    const url = new URL(next, location.origin);
    if (url.origin === location.origin && matchClientPath(url.pathname) && !SIGN_IN_PATHS.test(url.pathname)) return url.pathname + url.search;
  }
  return leftFor ?? '/';
}

/** `/login` or `/register`, carrying the `?next=` of the sign-in screen it is linked from. */
export function signInLink(path: '/login' | '/register', search: URLSearchParams): string {
  const next = search.get('next');
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

export function currentRoute(): Route {
  return { pathname: location.pathname, search: new URLSearchParams(location.search), match: matchClientPath(location.pathname), serverNotFound };
}

/** The screen a route shows: the not-found one for a path no screen has or the server's 404. */
export function screenOf(route: Route): ScreenName {
  return route.serverNotFound || !route.match ? 'notFound' : route.match.path.screen;
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  serverNotFound = false;
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  moved();
}

export function useRoute(): Route {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const update = () => setRoute(currentRoute());
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return route;
}

/** Clicks on same-origin links to client paths become client navigations. */
export function interceptLinks(): void {
  addEventListener('popstate', () => {
    serverNotFound = false;
    moved();
  });
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin || !matchClientPath(url.pathname)) return;
    if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  });
}
