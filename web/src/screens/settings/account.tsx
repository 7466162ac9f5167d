import { useState } from 'preact/hooks';
import { api } from '../../api';
import { useSession } from '../../session';
import { OutcomeLine, outcomeOf, type Outcome } from './shared';

// E-mail and password. A new address changes only once the link sent to it is opened (the
// service's /verify-email-change page). The password changes with the current one (every other
// session and sync token ends), or, when it is forgotten, through the reset e-mail.

export function AccountPart() {
  const user = useSession()!;
  const [email, setEmail] = useState<Outcome | null>(null);
  const [password, setPassword] = useState<Outcome | null>(null);
  const [verify, setVerify] = useState<Outcome | null>(null);

  const changeEmail = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const res = await api.POST('/api/user/email', { body: { email: String(new FormData(form).get('email')) } });
    setEmail(outcomeOf(res, 'We sent a link to the new address. Your address changes when you open it.'));
    if (res.data) form.reset();
  };
  const [change, setChange] = useState<Outcome | null>(null);
  const changePassword = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const newPassword = String(data.get('newPassword'));
    if (newPassword !== String(data.get('repeat'))) return setChange({ ok: false, text: 'The two new passwords are not the same. Type the same one in both fields.' });
    const res = await api.POST('/api/user/password', { body: { currentPassword: String(data.get('currentPassword')), newPassword } });
    setChange(outcomeOf(res, 'Your password is changed. Every other browser and sync token is signed out.'));
    if (res.data) form.reset();
  };
  const resetLink = async () => {
    const res = await api.POST('/api/auth/forgot-password', { body: { email: user.email } });
    setPassword(outcomeOf(res, `We sent a link to ${user.email}. Open it to choose a new password; it works for an hour. Every device is signed out when the password changes.`));
  };
  const resendVerification = async () => {
    const res = await api.POST('/api/auth/send-verification-email');
    setVerify(outcomeOf(res, `We sent a new verification link to ${user.email}.`));
  };

  return (
    <>
      <section aria-labelledby="email-heading">
        <h2 id="email-heading">E-mail address</h2>
        <p>
          Your address is <strong>{user.email}</strong>: {user.emailVerified ? 'verified.' : 'not verified yet.'}
        </p>
        {user.emailVerified ? null : (
          <>
            <button type="button" onClick={resendVerification}>
              Send the verification e-mail again
            </button>
            <OutcomeLine outcome={verify} />
          </>
        )}
        <form class="stack" onSubmit={changeEmail}>
          <label for="account-new-email">New e-mail address</label>
          <input id="account-new-email" name="email" type="email" autocomplete="email" required />
          <OutcomeLine outcome={email} />
          <button type="submit">Change the address</button>
        </form>
      </section>
      <section aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <form class="stack" onSubmit={changePassword}>
          <label for="account-current-password">Current password</label>
          <input id="account-current-password" name="currentPassword" type="password" autocomplete="current-password" required />
          <label for="account-new-password">New password</label>
          <input id="account-new-password" name="newPassword" type="password" autocomplete="new-password" minLength={8} required aria-describedby="account-new-password-hint" />
          <p id="account-new-password-hint" class="hint">
            At least 8 characters. Every other browser and sync token is signed out when it changes.
          </p>
          <label for="account-repeat-password">Repeat the new password</label>
          <input id="account-repeat-password" name="repeat" type="password" autocomplete="new-password" minLength={8} required />
          <OutcomeLine outcome={change} />
          <button type="submit">Change the password</button>
        </form>
        <p>Forgot it? We send a link to your e-mail address; the page it opens asks for a new password.</p>
        <button type="button" onClick={resetLink}>
          Send me a link to change my password
        </button>
        <OutcomeLine outcome={password} />
      </section>
    </>
  );
}
