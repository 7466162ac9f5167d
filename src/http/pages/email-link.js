/* global document, location, fetch, URLSearchParams */
// The pages behind the links in e-mails (/verify-email, /reset-password, /verify-email-change,
// /blog-subscription).
// Opening a page changes nothing: only the button (or the form) calls the API. The token is read
// from the address here and never written into the page; every message is set as plain text.
'use strict';

(function () {
  const main = document.querySelector('main[data-page]');
  if (!main) return;
  const page = main.dataset.page;
  const endpoint = main.dataset.endpoint;
  const action = document.getElementById('action');
  // The instructions and the control are shown only while there is something to do.
  const intro = document.getElementById('intro');
  const status = document.getElementById('status');

  const TEXT = {
    'verify-email': {
      busy: 'Verifying your e-mail address…',
      done: 'Your e-mail address is verified. You can close this page.',
      invalid:
        'This link has expired or has already been used, so nothing was changed. If your address is not verified yet, sign in and ask for a new verification e-mail.',
    },
    'verify-email-change': {
      busy: 'Confirming your new e-mail address…',
      done: 'Your new e-mail address is confirmed. From now on, sign in with it.',
      invalid:
        'This link has expired or has already been used, so your e-mail address was not changed. To change it, ask for the change again in your account settings.',
    },
    'blog-subscription': {
      busy: 'Confirming your subscription…',
      done: 'Your subscription is confirmed: you will receive an e-mail when a new document is published. You can close this page.',
      invalid: 'This link has expired or has already been used, so nothing was changed. To subscribe, ask for a new confirmation e-mail and open its link within 48 hours.',
    },
    'reset-password': {
      busy: 'Saving your new password…',
      done: 'Your password has been changed. Every device was signed out: sign in again with your new password.',
      invalid:
        'This link has expired or has already been used, so your password was not changed. Ask for a new password reset e-mail and use its link within an hour.',
    },
  }[page];

  const MISSING =
    'This link is incomplete: it has no token, so nothing can be done with it. Open the link from the e-mail again, or copy the whole address from the e-mail into the browser.';
  const NETWORK = 'The service could not be reached, so nothing was changed. Check your connection and try again.';
  const TOO_MANY = 'Too many attempts. Wait a minute, then try again.';
  const EMAIL_TAKEN = 'Another account already uses this e-mail address, so your address was not changed.';
  const PASSWORD_SHORT = 'The new password must be at least 8 characters long.';
  const PASSWORD_MISMATCH = 'The two passwords are not the same. Type the same new password in both fields.';

  /** Shows a message in the live region; `final` also moves the focus there (the controls go away). */
  function show(message, kind, final) {
    status.textContent = message;
    status.className = kind;
    if (final) {
      action.hidden = true;
      intro.hidden = true;
      status.tabIndex = -1;
      status.focus();
    }
  }

  function setBusy(busy) {
    for (const el of action.matches('button') ? [action] : action.querySelectorAll('input, button')) el.disabled = busy;
  }

  /** POSTs a JSON body; answers { ok, status, data } or null when the service could not be reached. */
  async function post(body) {
    let res;
    try {
      res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        // The token is the only credential these calls need; the session cookie stays at home.
        credentials: 'omit',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      });
    } catch {
      return null;
    }
    let data = null;
    try {
      data = await res.json();
    } catch {
      data = null;
    }
    return { ok: res.ok, status: res.status, data: data && typeof data === 'object' ? data : {} };
  }

  /** "password must be at least 8 characters" -> "Password must be at least 8 characters." */
  function sentence(text) {
    const s = String(text).trim();
    return s.charAt(0).toUpperCase() + s.slice(1) + (/[.!?]$/.test(s) ? '' : '.');
  }

  /** Says what happened. Answers whether the page is finished (success or a dead link). */
  function report(result) {
    if (result === null) {
      show(NETWORK, 'error', false);
      return false;
    }
    const { ok, status: code, data } = result;
    if (ok) {
      show(TEXT.done, 'ok', true);
      return true;
    }
    if (code === 400 && data.code === 'invalid_token') {
      show(TEXT.invalid, 'error', true);
      return true;
    }
    if (code === 400 && data.code === 'email_taken') {
      show(EMAIL_TAKEN, 'error', true);
      return true;
    }
    if (code === 400 && data.code === 'validation_failed' && typeof data.error === 'string') {
      // A token the API refuses to read is a broken link; anything else is about the password.
      if (/^token\b/.test(data.error)) {
        show(TEXT.invalid, 'error', true);
        return true;
      }
      show(sentence(data.error), 'error', false);
      return false;
    }
    if (code === 429) {
      show(TOO_MANY, 'error', false);
      return false;
    }
    const detail = typeof data.error === 'string' && code < 500 ? ` ${sentence(data.error)}` : '';
    show(`Something went wrong (error ${code}).${detail} Please try again in a moment.`, 'error', false);
    return false;
  }

  const token = (new URLSearchParams(location.search).get('token') || '').trim();
  if (token === '') {
    show(MISSING, 'error', false);
    return;
  }
  action.hidden = false;
  intro.hidden = false;

  if (page === 'reset-password') {
    const password = document.getElementById('password');
    const confirm = document.getElementById('confirm');
    const invalid = (field, message) => {
      field.setAttribute('aria-invalid', 'true');
      show(message, 'error', false);
      field.focus();
    };
    action.addEventListener('submit', async (event) => {
      event.preventDefault();
      password.removeAttribute('aria-invalid');
      confirm.removeAttribute('aria-invalid');
      // Counted in characters as the server counts them; the server stays the authority.
      if ([...password.value].length < 8) return invalid(password, PASSWORD_SHORT);
      if (password.value !== confirm.value) return invalid(confirm, PASSWORD_MISMATCH);
      setBusy(true);
      show(TEXT.busy, '', false);
      const finished = report(await post({ token, password: password.value }));
      setBusy(false);
      if (!finished) password.focus();
    });
  } else {
    action.addEventListener('click', async () => {
      setBusy(true);
      show(TEXT.busy, '', false);
      const finished = report(await post({ token }));
      setBusy(false);
      if (!finished) action.focus();
    });
  }
})();
