import type { ComponentType } from 'preact';
import { useState } from 'preact/hooks';
import type { Schemas } from '../api';
import { useSession } from '../session';
import { LazyToggle } from './lazy-toggle';
import './materialize.css';
import type { MaterializeProps, SourceAttribute } from './materialize';

// What a person has picked on a screen (messages of a feed, rows of a grid, lists) to materialize
// into a new list, a document or a draft thread, and the bar that says how many and opens the
// materialize panel (its own chunk, loaded on first use). Materializing is for subscribers
// (POST /api/materialize answers 403 otherwise), so the bar and the boxes are offered to them only.

export interface Selection {
  ids: string[];
  has(id: string): boolean;
  set(id: string, on: boolean): void;
  clear(): void;
}

/** "1 message", "3 messages". */
export const counted = (one: string, many: string) => (n: number) => `${n} ${n === 1 ? one : many}`;
export const messagesNoun = counted('message', 'messages');

export function useSelection(): Selection {
  const [ids, setIds] = useState<string[]>([]);
  return {
    ids,
    has: (id) => ids.includes(id),
    set: (id, on) => setIds((old) => (on ? (old.includes(id) ? old : [...old, id]) : old.filter((x) => x !== id))),
    clear: () => setIds([]),
  };
}

/** Whether the signed-in person may materialize (a subscriber). */
export function useCanMaterialize(): boolean {
  return !!useSession()?.customerStatus.startsWith('subscriber');
}

export function SelectionBar(props: {
  selection: Selection;
  /** The selected items in words, by count: (n) => "3 messages". */
  noun: (n: number) => string;
  source: (ids: string[]) => Schemas['MaterializeSource'];
  attributes: readonly SourceAttribute[] | 'messages' | 'lists' | 'document';
  title: string;
}) {
  const [Panel, setPanel] = useState<ComponentType<MaterializeProps> | null>(null);
  const [open, setOpen] = useState(false);
  const n = props.selection.ids.length;
  if (n === 0 && !open) return null;
  const openPanel = async () => {
    if (!Panel) {
      const module = await import('./materialize');
      setPanel(() => module.default);
    }
    setOpen(true);
  };
  return (
    <div class="selection-bar panel">
      <p role="status">{n ? `${props.noun(n)} selected.` : 'Nothing selected.'}</p>
      <button type="button" aria-expanded={open} onClick={() => (open ? setOpen(false) : void openPanel())} disabled={n === 0 && !open}>
        {open ? 'Close materialize' : 'Materialize the selection'}
      </button>
      <button type="button" onClick={() => (props.selection.clear(), setOpen(false))}>
        Clear the selection
      </button>
      {open && Panel && n ? <Panel source={props.source(props.selection.ids)} what={props.noun(n)} attributes={props.attributes} title={props.title} /> : null}
    </div>
  );
}

/** A button that opens the materialize panel for one fixed source (a document). */
export function MaterializeOpener(props: MaterializeProps & { label: string }) {
  const { label, ...panel } = props;
  return <LazyToggle label={label} load={() => import('./materialize')} panel={panel} />;
}

/**
 * A document's owner materializes the whole document, or the part selected in its editor
 * (`docElements`: the server finds that text in the saved document, and says so when it is not there).
 */
export function DocumentMaterialize({ documentId, title }: { documentId: string; title: string }) {
  const [part, setPart] = useState<string | null>(null);
  const take = () => {
    const text = document.querySelector<HTMLTextAreaElement>('textarea.doc-text');
    const picked = text ? text.value.slice(text.selectionStart, text.selectionEnd) : '';
    setPart(picked.trim() ? picked : null);
  };
  return (
    <section class="doc-materialize" aria-labelledby="doc-materialize-heading">
      <h2 id="doc-materialize-heading">Make a list, a document or a thread of it</h2>
      <p class="hint">The whole document, or select a part in the editor and take it.</p>
      <button type="button" onClick={take}>
        Take the selected text
      </button>
      <p role="status">{part === null ? 'The whole document.' : `The selected text (${part.length} characters).`}</p>
      <MaterializeOpener
        key={part ?? ''}
        label="Materialize"
        source={part === null ? { kind: 'document', documentId } : { kind: 'docElements', documentId, markdown: part }}
        what={part === null ? `“${title}”` : 'the selected text'}
        attributes="document"
        title={title}
      />
    </section>
  );
}
