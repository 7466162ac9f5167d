import { useState } from 'preact/hooks';
import { api, errorText, type CurrentUser } from '../api';
import { statusNotice } from '../session';

// The account-status notice under the header, in words (session.ts says what each status means),
// with the one thing its owner can do about probation: have the verification e-mail sent again.

export function AccountNotice({ user }: { user: CurrentUser }) {
  const [sent, setSent] = useState('');
  const text = statusNotice(user);
  if (!text) return null;
  const resend = async () => {
    const { data, error } = await api.POST('/api/auth/send-verification-email');
    setSent(data ? data.message : errorText(error));
  };
  return (
    <div class="notice" role="status">
      <p>{text}</p>
      {user.accountStatus === 'probation' && !user.emailVerified ? (
        <p>
          <button type="button" onClick={resend}>
            Send the verification e-mail again
          </button>{' '}
          <span>{sent}</span>
        </p>
      ) : null}
    </div>
  );
}
