import { useState } from 'preact/hooks';
import { api, errorText } from '../api';
import { useTitle } from '../components/title';
import { navigate, returnPath, signInLink } from '../router';
import { refreshSession } from '../session';
import { ErrorLine } from '../components/error-line';
import type { ScreenProps } from '../screen-props';

// `/register`: a new account (signed in at once, in probation until the e-mail is verified). Made,
// the person goes on to the page they came from (or `?next=`), as after signing in.

export default function Register({ route }: ScreenProps) {
  useTitle('Create an account');
  const [error, setError] = useState('');
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const body = {
      email: String(form.get('email')),
      username: String(form.get('username')),
      displayName: String(form.get('displayName')),
      password: String(form.get('password')),
    };
    const { error: failure, response } = await api.POST('/api/auth/register', { body });
    if (!response.ok) return setError(errorText(failure));
    await refreshSession();
    navigate(returnPath(route.search), { replace: true });
  };
  return (
    <>
      <h1 tabIndex={-1}>Create an account</h1>
      <form onSubmit={submit} class="stack">
        <label for="reg-email">E-mail address</label>
        <input id="reg-email" name="email" type="email" autocomplete="email" required />
        <label for="reg-username">Username</label>
        <input id="reg-username" name="username" autocomplete="username" aria-describedby="reg-username-hint" required />
        <p id="reg-username-hint" class="hint">
          Letters, digits and _, 3 to 30 characters.
        </p>
        <label for="reg-display">Display name</label>
        <input id="reg-display" name="displayName" autocomplete="name" required />
        <label for="reg-password">Password</label>
        <input id="reg-password" name="password" type="password" autocomplete="new-password" aria-describedby="reg-password-hint" required />
        <p id="reg-password-hint" class="hint">
          At least 8 characters.
        </p>
        <ErrorLine text={error} />
        <button type="submit">Create the account</button>
      </form>
      <p>
        Already registered? <a href={signInLink('/login', route.search)}>Sign in</a>.
      </p>
    </>
  );
}
