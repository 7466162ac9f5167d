import type { JSX } from 'preact';
import { optionsOf, type Column, type Draft } from './cells';

// One input for a cell's value, by the column's type: the right native control (so the browser
// and assistive technology know a date from a number), labelled, with its error described.

type ColumnLike = Pick<Column, 'type' | 'options'> & Partial<Pick<Column, 'placeholder' | 'validation'>>;

export interface CellInputProps {
  id: string;
  label: string;
  /** The label is for assistive technology only (the grid's cells, whose header says it). */
  hideLabel?: boolean;
  column: ColumnLike;
  value: Draft;
  onChange: (value: Draft) => void;
  required?: boolean;
  /** The id of the text that describes the input (its error, its help). */
  describedBy?: string;
  invalid?: boolean;
  onKeyDown?: (event: JSX.TargetedKeyboardEvent<HTMLElement>) => void;
  autoFocus?: boolean;
}

const INPUT_TYPES: Partial<Record<Column['type'], string>> = {
  number: 'number',
  date: 'date',
  datetime: 'datetime-local',
  email: 'email',
  url: 'url',
  tel: 'tel',
};

export function CellInput(props: CellInputProps) {
  const { column, id } = props;
  const common = {
    id,
    'aria-describedby': props.describedBy,
    'aria-invalid': props.invalid ? ('true' as const) : undefined,
    'aria-required': props.required ? ('true' as const) : undefined,
    onKeyDown: props.onKeyDown,
    autoFocus: props.autoFocus,
  };
  const label = (
    <label for={id} class={props.hideLabel ? 'visually-hidden' : undefined}>
      {props.label}
      {props.required && !props.hideLabel ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
  const options = optionsOf(column);

  if (column.type === 'multiselect') {
    const chosen = Array.isArray(props.value) ? props.value : [];
    const toggle = (option: string, on: boolean) => props.onChange(on ? [...chosen, option] : chosen.filter((o) => o !== option));
    return (
      <fieldset class="choices" id={id} aria-describedby={props.describedBy} aria-invalid={common['aria-invalid']} onKeyDown={props.onKeyDown}>
        <legend class={props.hideLabel ? 'visually-hidden' : undefined}>{props.label}</legend>
        {(options ?? []).map((option, i) => (
          <label class="check" key={option}>
            <input type="checkbox" checked={chosen.includes(option)} autoFocus={props.autoFocus && i === 0} onChange={(e) => toggle(option, e.currentTarget.checked)} /> {option}
          </label>
        ))}
      </fieldset>
    );
  }
  const text = typeof props.value === 'string' ? props.value : '';
  const onInput = (e: JSX.TargetedEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => props.onChange(e.currentTarget.value);
  if (column.type === 'boolean' || options) {
    const choices = column.type === 'boolean' ? [['true', 'Yes'], ['false', 'No']] : (options ?? []).map((o) => [o, o]);
    return (
      <>
        {label}
        <select {...common} value={text} onChange={onInput}>
          <option value="">(none)</option>
          {choices.map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </>
    );
  }
  if (column.type === 'textarea') {
    return (
      <>
        {label}
        <textarea {...common} value={text} onInput={onInput} rows={3} placeholder={props.column.placeholder ?? undefined} />
      </>
    );
  }
  const step = column.type === 'number' ? (column.validation?.step ?? 'any') : undefined;
  return (
    <>
      {label}
      <input {...common} type={INPUT_TYPES[column.type] ?? 'text'} value={text} onInput={onInput} step={step} placeholder={props.column.placeholder ?? undefined} />
    </>
  );
}
