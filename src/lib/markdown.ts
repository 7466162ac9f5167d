import MarkdownIt from 'markdown-it';

// The service's one markdown renderer: markdown-it with `html: false`, so raw HTML in a document
// is never passed through as markup (it arrives as text), and links with script-like schemes are
// refused by its validator. The blog feed renders with it, and the web client's document preview
// imports this same module (so the preview is what the service renders, never a second renderer).

const markdown = new MarkdownIt({ html: false, linkify: true });

/** HTML from a document's markdown, with raw HTML escaped as text. */
export function renderMarkdown(text: string): string {
  return markdown.render(text);
}
