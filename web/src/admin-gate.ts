import { useEffect, useState } from 'preact/hooks';
import { api } from './api';
import { useSession } from './session';

// Whether the signed-in user may use /admin. GET /api/user does not say it (the spec's current
// user has no such field), so the client asks the administration API itself once per account:
// the gate answers 403 to everyone else. Nothing is stored; the answer is cached per user id.

const answers = new Map<string, Promise<boolean>>();

/** Asks once per user id whether the administration API lets this account in. */
export function isAdministrator(userId: string): Promise<boolean> {
  let answer = answers.get(userId);
  if (!answer) {
    answer = api.GET('/api/admin/users', { params: { query: { limit: 1 } } }).then(
      ({ response }) => response.ok,
      () => false,
    );
    answers.set(userId, answer);
  }
  return answer;
}

/** `undefined` while asking, then whether the current user is an administrator (false signed out). */
export function useIsAdministrator(): boolean | undefined {
  const user = useSession();
  const [admin, setAdmin] = useState<{ id: string; yes: boolean } | null>(null);
  useEffect(() => {
    if (!user) return;
    let live = true;
    void isAdministrator(user.id).then((yes) => live && setAdmin({ id: user.id, yes }));
    return () => {
      live = false;
    };
  }, [user?.id]);
  if (user === null) return false;
  if (!user || admin?.id !== user.id) return undefined;
  return admin.yes;
}
