import { useEffect, useState } from 'preact/hooks';
import { api } from './api';
import { useSession } from './session';

// Whether the signed-in user may use /admin. GET /api/user does not say it (the spec's current
// user has no such field), but the spec's administrator gate is "an Administrator record and owner
// of the system public organization", and GET /api/orgs lists the caller's organizations with
// `isSystem` and `role`: owning the system one is what promotion grants and demotion takes away.
// So no one but an administrator ever calls an administration endpoint (a probe would answer 403
// to everyone else). Should the two rows ever disagree, /admin's own reads still answer 403 and the
// screen says so. Nothing is stored; the answer is cached per user id.

const answers = new Map<string, Promise<boolean>>();

/** Asks once per user id whether the caller owns the system organization (the administrator gate). */
export function isAdministrator(userId: string): Promise<boolean> {
  let answer = answers.get(userId);
  if (!answer) {
    answer = api.GET('/api/orgs').then(
      ({ data }) => Boolean(data?.orgs.some((o) => o.isSystem && o.role === 'owner')),
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
