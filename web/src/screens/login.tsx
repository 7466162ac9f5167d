import { useRef, useState } from 'preact/hooks';
import { api, errorText } from '../api';
import { useTitle } from '../components/title';
import { navigate, returnPath, signInLink } from '../router';
import { refreshSession, useSession } from '../session';
import { ErrorLine } from '../components/error-line';
import type { ScreenProps } from '../screen-props';

// `/login`: e-mail and password; the session cookie is set by the answer. Signed in already, the
// same form adds another account to this browser (the cookie caches several: the header's account
// menu switches between them). "Forgot your password?" asks the API for a reset e-mail, whose link
// opens the service's /reset-password page. Signed in, the person goes back to the page they came
// from (or `?next=`), not always to the home page.

export default function Login({ route }: ScreenProps) {
  useTitle('Sign in');
  const user = useSession();
  const [error, setError] = useState('');
  const [forgotOpen, setForgotOpen] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const { error: failure, response } = await api.POST('/api/auth/login', { body: { email: String(form.get('email')), password: String(form.get('password')) } });
    if (!response.ok) return setError(errorText(failure));
    await refreshSession();
    navigate(returnPath(route.search), { replace: true });
  };
  return (
    <>
      <h1 tabIndex={-1}>{user ? 'Add an account' : 'Sign in'}</h1>
      {route.search.get('deleted') === '1' && !user ? <p class="notice">Your account is deleted, with everything it held.</p> : null}
      {user ? (
        <p>
          You are signed in as {user.displayName} (@{user.username}). Signing in here adds another account to this browser; switch between
          them from the Accounts menu at the top.
        </p>
      ) : null}
      <form onSubmit={submit} class="stack">
        <label for="login-email">E-mail address</label>
        <input id="login-email" name="email" type="email" autocomplete="username" required />
        <label for="login-password">Password</label>
        <input id="login-password" name="password" type="password" autocomplete="current-password" required />
        <ErrorLine text={error} />
        <button type="submit">Sign in</button>
      </form>
      <p>
        <button type="button" class="link-button" aria-expanded={forgotOpen} aria-controls="forgot-password" onClick={() => setForgotOpen(!forgotOpen)}>
          Forgot your password?
        </button>
      </p>
      {forgotOpen ? <ForgotPassword /> : null}
      {user ? null : (
        <p>
          New here? <a href={signInLink('/register', route.search)}>Create an account</a>.
        </p>
      )}
    </>
  );
}

/** Asks for a reset e-mail; the answer is the same neutral sentence whether the account exists or not. */
function ForgotPassword() {
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget as HTMLFormElement).get('email'));
    setBusy(true);
    setError('');
    const { data, error: failure } = await api.POST('/api/auth/forgot-password', { body: { email } });
    setBusy(false);
    if (!data) return setError(errorText(failure));
    setSent(`${data.message} The link in that e-mail opens a page where you choose a new password; it works for an hour.`);
    status.current?.focus();
  };
  return (
    <form id="forgot-password" class="stack" onSubmit={submit} aria-labelledby="forgot-heading">
      <h2 id="forgot-heading">Reset your password</h2>
      <p class="hint">We send a link to choose a new password to your account’s e-mail address.</p>
      <label for="forgot-email">Your account’s e-mail address</label>
      <input id="forgot-email" name="email" type="email" autocomplete="email" required />
      <ErrorLine text={error} />
      <p role="status" ref={status} tabIndex={-1}>
        {sent}
      </p>
      <button type="submit" disabled={busy}>
        Send the reset link
      </button>
    </form>
  );
}
