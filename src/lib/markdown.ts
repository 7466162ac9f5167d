import MarkdownIt from 'markdown-it';

// The service's one markdown renderer: markdown-it with `html: false`, so raw HTML in a document
// is never passed through as markup (it arrives as text), and links with script-like schemes are
// refused by its validator. The blog feed renders with it, and the web client's document preview
// imports this same module (so the preview is what the service renders, never a second renderer).

const markdown = new MarkdownIt({ html: false, linkify: true });

// A table column's alignment as a class (`align-center`), not markdown-it's inline `style`: the
// web client's Content Security Policy refuses inline styles, so the output carries none.
markdown.core.ruler.push('alignment_classes', (state) => {
  for (const token of state.tokens) {
    if (token.type !== 'th_open' && token.type !== 'td_open') continue;
    const align = /^text-align:(left|center|right)$/.exec(String(token.attrGet('style') ?? ''))?.[1];
    if (!align || !token.attrs) continue;
    token.attrs = token.attrs.filter(([name]) => name !== 'style');
    token.attrJoin('class', `align-${align}`);
  }
});

/** HTML from a document's markdown, with raw HTML escaped as text and no inline style. */
export function renderMarkdown(text: string): string {
  return markdown.render(text);
}
