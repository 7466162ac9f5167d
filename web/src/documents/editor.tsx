import { useEffect, useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ErrorLine } from '../components/error-line';
import { diffLines } from './diff';
import { DiffView } from './diff-view';
import { applyFormat, insertImage, shortcutFormat, type Edit, type Format } from './format';
import { MarkdownPreview } from './preview';
import '../screens/documents.css';

// The markdown editor of a document (its own page, and a share link's page with an edit link):
// title and text, a small formatting toolbar, Write/Preview, images, and saving on the revision
// the edit started from (`baseRevision`). When someone else saved first, the API refuses with
// their version; the editor says so in words and offers: see their version (a diff), keep mine
// (save over it, theirs stays in the history), or take theirs.

export interface DocVersion {
  title: string;
  content: string;
  revision: number;
}

export type SaveOutcome = { saved: DocVersion } | { conflict: DocVersion } | { error: string };

export interface EditorProps {
  /** The document as the page loaded it. */
  initial: DocVersion;
  /** The newest version the page has seen since (its poll, a restore, a change of folder). */
  latest?: DocVersion | null;
  save(change: { title: string; content: string; baseRevision: number }): Promise<SaveOutcome>;
  /** Stores an image and answers its address; without it the editor offers no image upload. */
  upload?(file: File): Promise<{ url: string } | { error: string }>;
  /** After every successful save. */
  onSaved?(version: DocVersion): void;
  /** Whether there are unsaved changes, as it changes (presence says "editing"). */
  onDirty?(dirty: boolean): void;
}

const FORMATS: { format: Format; label: string; text: string; keys?: string }[] = [
  { format: 'bold', label: 'Bold', text: 'B', keys: 'Control+B' },
  { format: 'italic', label: 'Italic', text: 'I', keys: 'Control+I' },
  { format: 'heading', label: 'Heading', text: 'H' },
  { format: 'bullets', label: 'Bulleted list', text: '•' },
  { format: 'numbers', label: 'Numbered list', text: '1.' },
  { format: 'quote', label: 'Quote', text: '❝' },
  { format: 'code', label: 'Code', text: '</>' },
  { format: 'link', label: 'Link', text: '🔗', keys: 'Control+K' },
];

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

export function DocumentEditor(props: EditorProps) {
  const id = useId();
  const [base, setBase] = useState(props.initial);
  const [title, setTitle] = useState(props.initial.title);
  const [content, setContent] = useState(props.initial.content);
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [conflict, setConflict] = useState<DocVersion | null>(null);
  const [showTheirs, setShowTheirs] = useState(false);
  const [alt, setAlt] = useState('');
  const [uploading, setUploading] = useState('');
  const text = useRef<HTMLTextAreaElement>(null);
  const conflictHeading = useRef<HTMLHeadingElement>(null);
  const selection = useRef<{ start: number; end: number } | null>(null);
  const dirty = title !== base.title || content !== base.content;

  useEffect(() => props.onDirty?.(dirty), [dirty]);

  // Leaving the page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [dirty]);

  // A newer version seen by the page: taken at once when nothing here is unsaved (or when only
  // the revision moved, as after a change of folder); otherwise said, and left for the save.
  const latest = props.latest;
  useEffect(() => {
    if (!latest || latest.revision <= base.revision) return;
    const sameText = latest.title === base.title && latest.content === base.content;
    if (sameText || !dirty) {
      setBase(latest);
      if (!sameText) {
        setTitle(latest.title);
        setContent(latest.content);
        setNotice(`This document was changed elsewhere; you now see the newest version (revision ${latest.revision}).`);
      }
      return;
    }
    setNotice('Someone else saved a newer version while you were editing. When you save, you will be asked which to keep.');
  }, [latest?.revision]);

  // The selection a toolbar action leaves, put back once the new text is rendered.
  useLayoutEffect(() => {
    const s = selection.current;
    if (!s || !text.current) return;
    selection.current = null;
    text.current.focus();
    text.current.setSelectionRange(s.start, s.end);
  }, [content]);

  const currentEdit = (): Edit => ({ value: content, start: text.current?.selectionStart ?? content.length, end: text.current?.selectionEnd ?? content.length });
  const applyEdit = (edit: Edit) => {
    selection.current = { start: edit.start, end: edit.end };
    setContent(edit.value);
  };
  const format = (f: Format) => applyEdit(applyFormat(currentEdit(), f));

  const save = async (baseRevision = base.revision) => {
    if (saving || (!dirty && !conflict)) return;
    setSaving(true);
    setError('');
    const outcome = await props.save({ title, content, baseRevision });
    setSaving(false);
    if ('saved' in outcome) {
      setBase(outcome.saved);
      setConflict(null);
      setShowTheirs(false);
      setNotice('');
      props.onSaved?.(outcome.saved);
    } else if ('conflict' in outcome) {
      setConflict(outcome.conflict);
      setShowTheirs(false);
      requestAnimationFrame(() => conflictHeading.current?.focus());
    } else {
      setError(outcome.error);
    }
  };

  const takeTheirs = () => {
    if (!conflict) return;
    setBase(conflict);
    setTitle(conflict.title);
    setContent(conflict.content);
    setConflict(null);
    setNotice(`You now have their version (revision ${conflict.revision}); your changes were set aside.`);
    text.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    if (event.key.toLowerCase() === 's') {
      event.preventDefault();
      void save();
      return;
    }
    const f = event.currentTarget === text.current ? shortcutFormat(event.key) : null;
    if (f) {
      event.preventDefault();
      format(f);
    }
  };

  const onImage = async (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    if (!file || !props.upload) return;
    setError('');
    setUploading(`Uploading ${file.name}…`);
    const answer = await props.upload(file);
    input.value = '';
    if ('error' in answer) {
      setUploading('');
      setError(answer.error);
      return;
    }
    applyEdit(insertImage(currentEdit(), alt.trim() || file.name.replace(/\.[^.]*$/, ''), answer.url));
    setAlt('');
    setUploading(`${file.name} added to the text.`);
  };

  const status = saving ? 'Saving…' : dirty ? 'Unsaved changes' : `All changes saved (revision ${base.revision})`;

  return (
    <form
      class="doc-editor"
      aria-label="Edit the document"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label for={`${id}-title`}>Title</label>
      <input id={`${id}-title`} class="doc-title-input" value={title} maxLength={500} required onInput={(e) => setTitle(e.currentTarget.value)} onKeyDown={onKeyDown} />

      <div class="doc-bar">
        <div role="group" aria-label="View" class="doc-modes">
          <button type="button" aria-pressed={mode === 'write'} onClick={() => setMode('write')}>
            Write
          </button>
          <button type="button" aria-pressed={mode === 'preview'} onClick={() => setMode('preview')}>
            Preview
          </button>
        </div>
        {mode === 'write' ? (
          <div role="group" aria-label="Formatting" class="doc-toolbar">
            {FORMATS.map((f) => (
              <button key={f.format} type="button" title={f.keys ? `${f.label} (${f.keys})` : f.label} aria-keyshortcuts={f.keys} onClick={() => format(f.format)}>
                <span aria-hidden="true">{f.text}</span>
                <span class="visually-hidden">{f.label}</span>
              </button>
            ))}
          </div>
        ) : null}
      </div>

      {mode === 'write' ? (
        <>
          <label for={`${id}-text`}>Text (markdown)</label>
          <textarea id={`${id}-text`} ref={text} class="doc-text" value={content} rows={18} onInput={(e) => setContent(e.currentTarget.value)} onKeyDown={onKeyDown} />
        </>
      ) : (
        <MarkdownPreview markdown={content} label="Preview" />
      )}

      {props.upload && mode === 'write' ? (
        <fieldset class="doc-image">
          <legend>Add an image</legend>
          <label for={`${id}-alt`}>Image description (alt text)</label>
          <input id={`${id}-alt`} value={alt} onInput={(e) => setAlt(e.currentTarget.value)} />
          <label for={`${id}-image`}>Image file (JPEG, PNG, WebP or GIF)</label>
          <input id={`${id}-image`} type="file" accept={IMAGE_TYPES} onChange={onImage} />
          <p class="hint" role="status">
            {uploading}
          </p>
        </fieldset>
      ) : null}

      {conflict ? (
        <section class="doc-conflict" aria-labelledby={`${id}-conflict`}>
          <h2 id={`${id}-conflict`} ref={conflictHeading} tabIndex={-1}>
            Not saved: someone else changed this document
          </h2>
          <p>
            While you were editing, another version was saved (revision {conflict.revision}). Your changes are still here and are not saved yet. Choose what to keep:
          </p>
          <div class="doc-actions">
            <button type="button" aria-expanded={showTheirs} onClick={() => setShowTheirs(!showTheirs)}>
              {showTheirs ? 'Hide their version' : 'See their version'}
            </button>
            <button type="button" onClick={() => void save(conflict.revision)}>
              Keep mine
            </button>
            <button type="button" onClick={takeTheirs}>
              Take theirs
            </button>
          </div>
          <p class="hint">Keep mine saves your version over theirs (theirs stays in the history); take theirs sets your changes aside.</p>
          {showTheirs ? (
            <>
              <h3>Their version: {conflict.title}</h3>
              <DiffView lines={diffLines(conflict.content, content)} label="Their version compared with yours" words={{ removed: 'Only in theirs', added: 'Only in yours' }} />
            </>
          ) : null}
        </section>
      ) : null}

      {notice ? <p class="notice doc-notice">{notice}</p> : null}
      <ErrorLine text={error} />
      <div class="doc-save">
        <button type="submit" disabled={saving} aria-keyshortcuts="Control+S">
          Save
        </button>
        <p class="hint" role="status">
          {status}
        </p>
      </div>
    </form>
  );
}
