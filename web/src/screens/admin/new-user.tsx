import { useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../../api';
import { OutcomeLine, type Outcome } from '../settings/shared';

// A new account made by an administrator (POST /api/admin/users): e-mail, username, password and
// display name, the tier, and whether it starts verified (otherwise the service sends the
// verification e-mail) or as an administrator. The service's refusals (a taken address or name, a
// short password) are said in its words, and what was typed stays.

type Tier = Schemas['AdminUser']['customerStatus'];

export function NewUser({ onCreated }: { onCreated: (user: Schemas['AdminUser']) => Promise<void> }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const fields = new FormData(form);
    const text = (name: string) => String(fields.get(name) ?? '').trim();
    const body = {
      email: text('email'),
      username: text('username'),
      password: String(fields.get('password') ?? ''),
      ...(text('displayName') ? { displayName: text('displayName') } : {}),
      customerStatus: text('customerStatus') as Tier,
      emailVerified: fields.get('emailVerified') === 'on',
      isAdministrator: fields.get('isAdministrator') === 'on',
    };
    const { data, error } = await api.POST('/api/admin/users', { body });
    if (!data) return setOutcome({ ok: false, text: errorText(error) });
    form.reset();
    setOutcome({ ok: true, text: `@${data.user.username} is created${data.user.emailVerified ? '' : '; a verification e-mail is on its way to them'}.` });
    await onCreated(data.user);
  };
  return (
    <details class="new-user">
      <summary>Create a user</summary>
      <form class="stack" onSubmit={submit} aria-label="New user">
        <label for="new-user-email">E-mail address</label>
        <input id="new-user-email" name="email" type="email" autocomplete="off" required />
        <label for="new-user-username">Username</label>
        <input id="new-user-username" name="username" autocomplete="off" required minLength={3} maxLength={30} pattern="[A-Za-z0-9_]+" aria-describedby="new-user-username-hint" />
        <p class="hint" id="new-user-username-hint">
          3 to 30 letters, digits or underscores.
        </p>
        <label for="new-user-display">Display name (optional)</label>
        <input id="new-user-display" name="displayName" autocomplete="off" />
        <label for="new-user-password">Password</label>
        <input id="new-user-password" name="password" type="password" autocomplete="new-password" required minLength={8} aria-describedby="new-user-password-hint" />
        <p class="hint" id="new-user-password-hint">
          At least 8 characters; tell it to them by a safe way.
        </p>
        <label for="new-user-tier">Tier</label>
        <select id="new-user-tier" name="customerStatus">
          <option value="free">Free</option>
          <option value="subscriber">Subscriber (granted)</option>
        </select>
        <label class="check">
          <input type="checkbox" name="emailVerified" /> E-mail already verified (no verification e-mail)
        </label>
        <label class="check">
          <input type="checkbox" name="isAdministrator" /> Administrator
        </label>
        <OutcomeLine outcome={outcome} />
        <button type="submit">Create the user</button>
      </form>
    </details>
  );
}
