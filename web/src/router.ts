import { useEffect, useState } from 'preact/hooks';
import { matchClientPath, type PathMatch } from '../../src/features/web/paths';

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

function current(): Route {
  return { pathname: location.pathname, search: new URLSearchParams(location.search), match: matchClientPath(location.pathname), serverNotFound };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  serverNotFound = false;
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  listeners.forEach((l) => l());
}

export function useRoute(): Route {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const update = () => setRoute(current());
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return route;
}

/** Clicks on same-origin links to client paths become client navigations. */
export function interceptLinks(): void {
  addEventListener('popstate', () => {
    serverNotFound = false;
    listeners.forEach((l) => l());
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
