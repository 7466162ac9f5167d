import { useMemo, useState } from 'preact/hooks';
import { api } from '../api';
import { ErrorLine } from '../components/error-line';
import { CellInput } from './cell-input';
import { fromDraft, toDraft, type Column, type Draft } from './cells';
import { NO_ERRORS, rowErrors, type RowErrors } from './row-errors';
import { hiddenFor } from './visibility';

// A new row: one labelled input per column (columns hidden by their condition leave the form
// while hidden), pre-filled with the columns' defaults. The API's errors are said beside their
// inputs and what was typed stays, so the person fixes the row instead of typing it again.

const initial = (columns: readonly Column[]) => Object.fromEntries(columns.map((c) => [c.key, toDraft(c, c.defaultValue)])) as Record<string, Draft>;

export function AddRow(props: {
  listId: string;
  columns: Column[];
  onAdded: () => void;
  /** Sends the row; the list's own POST …/data when absent (a share link sends it through its token). */
  add?: (data: Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown }>;
}) {
  const { columns } = props;
  const [values, setValues] = useState(() => initial(columns));
  const [errors, setErrors] = useState<RowErrors>(NO_ERRORS);
  const [sending, setSending] = useState(false);
  const hiddenOf = useMemo(() => hiddenFor(columns), [columns]);
  const data = Object.fromEntries(columns.map((c) => [c.key, fromDraft(c, values[c.key] ?? '')]));
  const hidden = hiddenOf(data);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    const body = Object.fromEntries(Object.entries(data).filter(([k, v]) => v !== null && !hidden.has(k)));
    const { data: added, error } = await (props.add ? props.add(body) : api.POST('/api/lists/{id}/data', { params: { path: { id: props.listId } }, body: { data: body } }));
    setSending(false);
    if (!added) {
      const sorted = rowErrors(error, columns);
      setErrors(sorted);
      // The first input with a problem takes the focus (its message is read with it).
      const first = columns.find((c) => sorted.byColumn[c.key]);
      if (first) requestAnimationFrame(() => document.getElementById(`add-${first.key}`)?.focus());
      return;
    }
    setErrors(NO_ERRORS);
    setValues(initial(columns));
    props.onAdded();
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.add-row input, .add-row select, .add-row textarea')?.focus());
  };

  return (
    <form class="add-row" onSubmit={submit} aria-labelledby="add-row-heading" noValidate>
      <h2 id="add-row-heading">Add a row</h2>
      <ErrorLine text={[...(Object.keys(errors.byColumn).length ? ['The row was not added: see the messages beside the fields.'] : []), ...errors.row].join(' ')} />
      <div class="add-row-fields">
        {columns.map((c) => {
          if (hidden.has(c.key)) return null;
          const problems = errors.byColumn[c.key];
          const errorId = `add-${c.key}-error`;
          const helpId = `add-${c.key}-help`;
          const describedBy = [problems ? errorId : '', c.helpText ? helpId : ''].filter(Boolean).join(' ') || undefined;
          return (
            <div key={c.key} class="field">
              <CellInput
                id={`add-${c.key}`}
                label={c.label}
                column={c}
                required={c.required}
                value={values[c.key] ?? ''}
                onChange={(v) => setValues((old) => ({ ...old, [c.key]: v }))}
                describedBy={describedBy}
                invalid={Boolean(problems)}
              />
              {c.helpText ? (
                <p class="hint" id={helpId}>
                  {c.helpText}
                </p>
              ) : null}
              {problems ? (
                <p class="error" id={errorId}>
                  {problems.join(' ')}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <button type="submit" disabled={sending}>
        Add row
      </button>
    </form>
  );
}
