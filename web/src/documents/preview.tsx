import { useEffect, useMemo, useState } from 'preact/hooks';
import '../screens/documents.css';

// The preview of a document's markdown, rendered by the service's own renderer
// (src/lib/markdown.ts: markdown-it, raw HTML escaped, script-like links refused), imported
// here rather than written again. It is a lazy chunk of its own, loaded when a preview is first
// shown, so the editor opens without it.

type Renderer = (markdown: string) => string;
let loading: Promise<Renderer> | undefined;
const loadRenderer = () => (loading ??= import('../../../src/lib/markdown').then((m) => m.renderMarkdown));

export function MarkdownPreview({ markdown, label }: { markdown: string; label: string }) {
  const [render, setRender] = useState<Renderer | null>(null);
  useEffect(() => {
    void loadRenderer().then((r) => setRender(() => r));
  }, []);
  const html = useMemo(() => (render ? render(markdown) : null), [render, markdown]);
  if (html === null) return <p class="loading">Loading the preview…</p>;
  // The renderer's output is the service's own sanitised HTML (raw HTML in the text is escaped).
  return <div class="markdown-body" role="region" aria-label={label} tabIndex={0} dangerouslySetInnerHTML={{ __html: html }} />;
}
