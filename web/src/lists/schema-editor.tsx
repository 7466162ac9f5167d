import type { JSX } from 'preact';
import { CellInput } from './cell-input';
import type { ColumnType } from './cells';
import { COLUMN_TYPES, OPERATORS, TYPE_LABELS, needsValue, newColumnDraft, takes, withLabel, type ColumnDraft, type Operator } from './schema-draft';

// The columns of a list schema, edited: each column a group of labelled fields (label, key, type,
// required, the rules its type takes, and "show only when" another column meets a condition),
// moved up and down, removed, added. The drafts become the DSL in schema-draft.ts.

export function SchemaEditor(props: { columns: ColumnDraft[]; onChange: (columns: ColumnDraft[]) => void }) {
  const { columns, onChange } = props;
  const set = (uid: string, patch: Partial<ColumnDraft> | ((d: ColumnDraft) => ColumnDraft)) =>
    onChange(columns.map((c) => (c.uid === uid ? (typeof patch === 'function' ? patch(c) : { ...c, ...patch }) : c)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...columns];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
    // Focus stays on the moved column's button (it re-renders in its new place).
    requestAnimationFrame(() => document.getElementById(`${columns[index]!.uid}-${by < 0 ? 'up' : 'down'}`)?.focus());
  };
  const remove = (index: number) => {
    const gone = columns[index]!;
    onChange(columns.filter((c) => c.uid !== gone.uid).map((c) => (c.whenField === gone.key ? { ...c, whenField: '' } : c)));
    requestAnimationFrame(() => document.getElementById('add-column')?.focus());
  };
  const add = () => {
    const draft = newColumnDraft();
    onChange([...columns, draft]);
    requestAnimationFrame(() => document.getElementById(`${draft.uid}-label`)?.focus());
  };

  return (
    <div class="schema-editor">
      <ol class="columns-editor">
        {columns.map((c, i) => (
          <li key={c.uid}>
            <ColumnEditor draft={c} index={i} all={columns} set={(patch) => set(c.uid, patch)} />
            <div class="column-actions">
              <button type="button" id={`${c.uid}-up`} disabled={i === 0} onClick={() => move(i, -1)}>
                Move up<span class="visually-hidden"> column {i + 1}</span>
              </button>
              <button type="button" id={`${c.uid}-down`} disabled={i === columns.length - 1} onClick={() => move(i, 1)}>
                Move down<span class="visually-hidden"> column {i + 1}</span>
              </button>
              <button type="button" class="danger" disabled={columns.length === 1} onClick={() => remove(i)}>
                Remove column {i + 1}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" id="add-column" onClick={add}>
        Add a column
      </button>
    </div>
  );
}

function ColumnEditor(props: { draft: ColumnDraft; index: number; all: ColumnDraft[]; set: (patch: Partial<ColumnDraft> | ((d: ColumnDraft) => ColumnDraft)) => void }) {
  const { draft: d, set, all } = props;
  const id = (name: string) => `${d.uid}-${name}`;
  const text = (name: keyof ColumnDraft) => (e: JSX.TargetedEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set({ [name]: e.currentTarget.value });
  const boundType = d.type === 'number' ? 'number' : d.type === 'date' ? 'date' : 'datetime-local';
  const watchable = all.filter((c) => c.uid !== d.uid && c.key.trim());
  const watched = watchable.find((c) => c.key === d.whenField);
  const n = props.index + 1;

  return (
    <fieldset class="column-editor">
      <legend>
        Column {n}
        {d.label ? `: ${d.label}` : ''}
      </legend>
      <div class="grid-fields">
        <div>
          <label for={id('label')}>Label</label>
          <input id={id('label')} value={d.label} required onInput={(e) => set((old) => withLabel(old, e.currentTarget.value))} />
        </div>
        <div>
          <label for={id('key')}>Key</label>
          <input id={id('key')} value={d.key} required aria-describedby={id('key-hint')} onInput={(e) => set({ key: e.currentTarget.value, keyTouched: true })} />
          <p class="hint" id={id('key-hint')}>
            The name of the column in rows, imports and the API.
          </p>
        </div>
        <div>
          <label for={id('type')}>Type</label>
          <select id={id('type')} value={d.type} onChange={(e) => set({ type: e.currentTarget.value as ColumnType })}>
            {COLUMN_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div class="checks">
        <label class="check">
          <input type="checkbox" checked={d.required} onChange={(e) => set({ required: e.currentTarget.checked })} /> Required
        </label>
        {takes(d.type, 'unique') ? (
          <label class="check">
            <input type="checkbox" checked={d.unique} onChange={(e) => set({ unique: e.currentTarget.checked })} /> Unique (no two rows with the same value)
          </label>
        ) : null}
        <label class="check">
          <input type="checkbox" checked={!d.visible} onChange={(e) => set({ visible: !e.currentTarget.checked })} /> Hidden in the grid by default
        </label>
      </div>
      {takes(d.type, 'options') ? (
        <div>
          <label for={id('options')}>Options, one a line</label>
          <textarea id={id('options')} rows={3} value={d.options} required={d.type !== 'priority'} aria-describedby={d.type === 'priority' ? id('options-hint') : undefined} onInput={text('options')} />
          {d.type === 'priority' ? (
            <p class="hint" id={id('options-hint')}>
              Empty: low, medium, high and urgent.
            </p>
          ) : null}
        </div>
      ) : null}
      <div class="grid-fields">
        {takes(d.type, 'min') ? (
          <>
            <div>
              <label for={id('min')}>{d.type === 'number' ? 'Smallest value' : 'Earliest'}</label>
              <input id={id('min')} type={boundType} step="any" value={d.min} onInput={text('min')} />
            </div>
            <div>
              <label for={id('max')}>{d.type === 'number' ? 'Largest value' : 'Latest'}</label>
              <input id={id('max')} type={boundType} step="any" value={d.max} onInput={text('max')} />
            </div>
          </>
        ) : null}
        {takes(d.type, 'step') ? (
          <div>
            <label for={id('step')}>Step (a hint for the input)</label>
            <input id={id('step')} type="number" step="any" value={d.step} onInput={text('step')} />
          </div>
        ) : null}
        {takes(d.type, 'minLength') ? (
          <>
            <div>
              <label for={id('minLength')}>Fewest characters</label>
              <input id={id('minLength')} type="number" min="0" step="1" value={d.minLength} onInput={text('minLength')} />
            </div>
            <div>
              <label for={id('maxLength')}>Most characters</label>
              <input id={id('maxLength')} type="number" min="0" step="1" value={d.maxLength} onInput={text('maxLength')} />
            </div>
          </>
        ) : null}
        {takes(d.type, 'pattern') ? (
          <div>
            <label for={id('pattern')}>Pattern (regular expression)</label>
            <input id={id('pattern')} value={d.pattern} onInput={text('pattern')} />
          </div>
        ) : null}
      </div>
      <details>
        <summary>Placeholder, help text and default value</summary>
        <div class="grid-fields">
          <div>
            <label for={id('placeholder')}>Placeholder</label>
            <input id={id('placeholder')} value={d.placeholder} onInput={text('placeholder')} />
          </div>
          <div>
            <label for={id('helpText')}>Help text</label>
            <input id={id('helpText')} value={d.helpText} onInput={text('helpText')} />
          </div>
          <div>
            {d.type === 'multiselect' ? (
              <>
                <label for={id('default')}>Default value (options separated by commas)</label>
                <input id={id('default')} value={d.defaultValue} onInput={text('defaultValue')} />
              </>
            ) : (
              <CellInput
                id={id('default')}
                label="Default value"
                column={{ type: d.type, options: d.options.split('\n').map((o) => o.trim()).filter(Boolean) }}
                value={d.defaultValue}
                onChange={(v) => set({ defaultValue: typeof v === 'string' ? v : v.join(', ') })}
              />
            )}
          </div>
        </div>
      </details>
      <details open={Boolean(d.whenField)}>
        <summary>Conditional visibility</summary>
        <div class="grid-fields">
          <div>
            <label for={id('when')}>Show only when column</label>
            <select id={id('when')} value={d.whenField} onChange={(e) => set({ whenField: e.currentTarget.value })}>
              <option value="">(always shown)</option>
              {watchable.map((c) => (
                <option key={c.uid} value={c.key}>
                  {c.label || c.key}
                </option>
              ))}
            </select>
          </div>
          {d.whenField ? (
            <div>
              <label for={id('op')}>Condition</label>
              <select id={id('op')} value={d.whenOperator} onChange={(e) => set({ whenOperator: e.currentTarget.value as Operator })}>
                {OPERATORS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {d.whenField && needsValue(d.whenOperator) ? (
            <div>
              <label for={id('when-value')}>Value</label>
              <input id={id('when-value')} value={d.whenValue} type={watched?.type === 'number' ? 'number' : watched?.type === 'date' ? 'date' : 'text'} step="any" onInput={text('whenValue')} />
            </div>
          ) : null}
        </div>
      </details>
    </fieldset>
  );
}
