// The web client's paths (docs/web-client.md): the one table the server answers with
// the client's page and the client routes by. Plain data, no imports: the browser bundle reads it
// too (web/src/router.ts). `item` names the kind of thing a path's parameter points at; the server
// opens the page only when the requester may read it (src/features/web/items.ts), and answers the
// same 404 page otherwise.

export type ItemKind = 'message' | 'user' | 'tag' | 'shareLink' | 'list' | 'document' | 'org';

export interface ClientPath {
  /** The screen's name in the client (web/src/screens.ts maps each to its lazy module). */
  readonly screen: ScreenName;
  /** `/messages/:id`: literal segments and at most one `:param`, which is the item's key. */
  readonly pattern: string;
  readonly item?: ItemKind;
}

export const CLIENT_PATHS = [
  { screen: 'home', pattern: '/' },
  { screen: 'login', pattern: '/login' },
  { screen: 'register', pattern: '/register' },
  { screen: 'message', pattern: '/messages/:id', item: 'message' },
  { screen: 'profile', pattern: '/users/:username', item: 'user' },
  { screen: 'tag', pattern: '/tags/:tag', item: 'tag' },
  { screen: 'search', pattern: '/search' },
  { screen: 'notifications', pattern: '/notifications' },
  { screen: 'followRequests', pattern: '/follow-requests' },
  { screen: 'scheduled', pattern: '/scheduled' },
  { screen: 'direct', pattern: '/direct' },
  { screen: 'direct', pattern: '/direct/:username' },
  { screen: 'lists', pattern: '/lists' },
  { screen: 'list', pattern: '/lists/:id', item: 'list' },
  { screen: 'sharing', pattern: '/lists/:id/sharing', item: 'list' },
  { screen: 'documents', pattern: '/documents' },
  { screen: 'document', pattern: '/documents/:id', item: 'document' },
  { screen: 'sharing', pattern: '/documents/:id/sharing', item: 'document' },
  { screen: 'shared', pattern: '/s/:token', item: 'shareLink' },
  { screen: 'sharedWithMe', pattern: '/shared-with-me' },
  { screen: 'sharedWithMe', pattern: '/share-invite' },
  { screen: 'orgs', pattern: '/orgs' },
  { screen: 'org', pattern: '/orgs/:slug', item: 'org' },
  { screen: 'orgs', pattern: '/org-invite' },
  { screen: 'settings', pattern: '/settings' },
  { screen: 'settings', pattern: '/settings/:part' },
  { screen: 'admin', pattern: '/admin' },
] as const satisfies readonly { screen: string; pattern: string; item?: ItemKind }[];

export type ScreenName = (typeof CLIENT_PATHS)[number]['screen'] | 'notFound';

export interface PathMatch {
  path: ClientPath;
  /** The decoded `:param` value, when the pattern has one. */
  param: string | null;
}

/**
 * The client path `pathname` names, or null. A trailing slash is ignored (as the API's router
 * does); a parameter is one non-empty segment, percent-decoded (a malformed escape names nothing).
 */
export function matchClientPath(pathname: string): PathMatch | null {
  const trimmed = pathname.replace(/\/+$/, '');
  const segments = trimmed === '' ? [] : trimmed.split('/').slice(1);
  for (const path of CLIENT_PATHS as readonly ClientPath[]) {
    const parts = path.pattern === '/' ? [] : path.pattern.split('/').slice(1);
    if (parts.length !== segments.length) continue;
    let param: string | null = null;
    const fits = parts.every((part, i) => {
      if (!part.startsWith(':')) return part === segments[i];
      if (segments[i] === '') return false;
      try {
        param = decodeURIComponent(segments[i]);
        return true;
      } catch {
        return false;
      }
    });
    if (fits) return { path, param };
  }
  return null;
}
