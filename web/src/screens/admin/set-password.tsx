import { useState } from 'preact/hooks';
import { api } from '../../api';
import { OutcomeLine, outcomeOf, type Outcome } from '../settings/shared';

// An administrator sets a user's password (POST /api/admin/users/{id}/password): every session of
// that user ends at once, which the form says before it is sent.

export function SetPassword({ userId, username }: { userId: string; username: string }) {
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const res = await api.POST('/api/admin/users/{userId}/password', { params: { path: { userId } }, body: { password } });
    setOutcome(outcomeOf(res, `The password of @${username} is set; every session of theirs has ended.`));
    if (res.response.ok) setPassword('');
  };
  return (
    <form class="stack" onSubmit={submit} aria-labelledby="set-password-heading">
      <h3 id="set-password-heading">Set their password</h3>
      <p class="hint" id="set-password-hint">
        At least 8 characters. Every session and sync token of theirs ends at once: they sign in again with the new password.
      </p>
      <label for="set-password">New password for @{username}</label>
      <input
        id="set-password"
        type="password"
        autocomplete="new-password"
        minLength={8}
        required
        aria-describedby="set-password-hint"
        value={password}
        onInput={(e) => setPassword(e.currentTarget.value)}
      />
      <OutcomeLine outcome={outcome} />
      <button type="submit">Set the password</button>
    </form>
  );
}
