import { useEffect, useState } from 'preact/hooks';
import { api, type CurrentUser } from './api';

// Who is signed in, as GET /api/user says (the cookie decides; nothing is stored in the page).
// `undefined` until the first answer, `null` when signed out.

let current: CurrentUser | null | undefined;
const listeners = new Set<() => void>();

export async function refreshSession(): Promise<CurrentUser | null> {
  const { data, response } = await api.GET('/api/user');
  current = response.ok && data ? data.user : null;
  listeners.forEach((l) => l());
  return current;
}

export function signedOut(): void {
  current = null;
  listeners.forEach((l) => l());
}

export function useSession(): CurrentUser | null | undefined {
  const [, tick] = useState(0);
  useEffect(() => {
    const listener = () => tick((n) => n + 1);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return current;
}

/** What an account status means for its owner, in words; null when nothing is limited. */
export function statusNotice(user: Pick<CurrentUser, 'accountStatus' | 'emailVerified'>): string | null {
  switch (user.accountStatus) {
    case 'probation':
      return 'Your account is new and in probation until you verify your e-mail address: you can post plain messages, a few an hour. Open the link in the e-mail we sent you to lift these limits.';
    case 'restricted':
      return 'Your account is restricted: you can read everything, but you cannot post or change anything until an administrator lifts the restriction.';
    case 'suspended':
      return 'Your account is suspended: you can read, but you cannot post or change anything while the suspension lasts.';
    case 'banned':
      return 'This account has been banned.';
    default:
      return null;
  }
}

/** The signed-in user as last read, or null (signed out or not yet known). */
export function sessionUser(): CurrentUser | null {
  return current ?? null;
}

const changeListeners = new Set<() => void>();
let lastUserId: string | null = null;
listeners.add(() => {
  const id = current?.id ?? null;
  if (id === lastUserId) return;
  lastUserId = id;
  changeListeners.forEach((l) => l());
});

/** Calls `fn` whenever the signed-in account changes (signed in, out, or another account). */
export function onSessionChange(fn: () => void): () => void {
  changeListeners.add(fn);
  return () => void changeListeners.delete(fn);
}
