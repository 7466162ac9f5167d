import { useState } from 'preact/hooks';
import { api, errorText } from '../api';
import { useTitle } from '../components/title';
import { navigate } from '../router';
import { refreshSession } from '../session';
import { ErrorLine } from '../components/error-line';

// `/login`: e-mail and password; the session cookie is set by the answer.

export default function Login() {
  useTitle('Sign in');
  const [error, setError] = useState('');
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const { error: failure, response } = await api.POST('/api/auth/login', { body: { email: String(form.get('email')), password: String(form.get('password')) } });
    if (!response.ok) return setError(errorText(failure));
    await refreshSession();
    navigate('/');
  };
  return (
    <>
      <h1 tabIndex={-1}>Sign in</h1>
      <form onSubmit={submit} class="stack">
        <label for="login-email">E-mail address</label>
        <input id="login-email" name="email" type="email" autocomplete="username" required />
        <label for="login-password">Password</label>
        <input id="login-password" name="password" type="password" autocomplete="current-password" required />
        <ErrorLine text={error} />
        <button type="submit">Sign in</button>
      </form>
      <p>
        New here? <a href="/register">Create an account</a>.
      </p>
    </>
  );
}
