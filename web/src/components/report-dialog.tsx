import { useId, useRef, useState } from 'preact/hooks';
import { api, errorText } from '../api';
import { ErrorLine } from './error-line';
import './report-dialog.css';

// Reporting a user or a message to the administrators: a modal dialog (the browser's own
// <dialog>: focus moves in, Escape closes, focus goes back to the button) with the contract's
// reasons and an optional detail. Reporting again updates the same report.

export const REPORT_REASONS = [
  ['spam', 'Spam'],
  ['harassment', 'Harassment or bullying'],
  ['hate', 'Hate'],
  ['violence', 'Violence or threats'],
  ['sexual', 'Sexual content'],
  ['misinformation', 'Misinformation'],
  ['illegal', 'Something illegal'],
  ['other', 'Something else'],
] as const;
type Reason = (typeof REPORT_REASONS)[number][0];

export type ReportTarget = { kind: 'user'; username: string } | { kind: 'message'; id: string };

export function ReportButton(props: { target: ReportTarget; what: string }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [reason, setReason] = useState<Reason | ''>('');
  const [detail, setDetail] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const open = () => {
    setError('');
    dialog.current?.showModal();
  };
  const close = () => {
    dialog.current?.close();
    opener.current?.focus();
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!reason) return setError('Choose a reason.');
    const body = { reason, ...(detail.trim() ? { detail: detail.trim() } : {}) };
    const { target } = props;
    const res =
      target.kind === 'user'
        ? await api.POST('/api/users/{username}/report', { params: { path: { username: target.username } }, body })
        : await api.POST('/api/messages/{id}/report', { params: { path: { id: target.id } }, body });
    if (!res.response.ok) return setError(errorText(res.error));
    setDone(`Reported ${props.what}. Thank you: an administrator will look at it.`);
    close();
  };

  return (
    <>
      <button type="button" ref={opener} onClick={open} aria-haspopup="dialog">
        Report<span class="visually-hidden"> {props.what}</span>
      </button>
      <span role="status" class="report-done">
        {done}
      </span>
      <dialog ref={dialog} class="report-dialog" aria-labelledby={`${id}-title`} onClose={() => opener.current?.focus()}>
        <form onSubmit={submit}>
          <h2 id={`${id}-title`}>Report {props.what}</h2>
          <fieldset>
            <legend>Why?</legend>
            {REPORT_REASONS.map(([value, label]) => (
              <label class="check" key={value}>
                <input type="radio" name={`${id}-reason`} value={value} checked={reason === value} onChange={() => setReason(value)} /> {label}
              </label>
            ))}
          </fieldset>
          <label for={`${id}-detail`}>What happened (optional)</label>
          <textarea id={`${id}-detail`} maxLength={1000} rows={3} value={detail} onInput={(e) => setDetail(e.currentTarget.value)} />
          <ErrorLine text={error} />
          <div class="dialog-actions">
            <button type="submit">Send the report</button>
            <button type="button" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
