import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/lib/markdown.js';

// The service's markdown renderer (the blog feed's, and the web client's document preview):
// raw HTML stays text, script-like links are refused, and the output carries no inline style
// (the web client's CSP refuses inline styles).

describe('renderMarkdown', () => {
  it('renders markdown, links bare addresses', () => {
    expect(renderMarkdown('# Title\n\n**bold** and https://example.com')).toBe(
      '<h1>Title</h1>\n<p><strong>bold</strong> and <a href="https://example.com">https://example.com</a></p>\n',
    );
  });

  it('leaves raw HTML as text and refuses script-like links', () => {
    expect(renderMarkdown('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n');
    expect(renderMarkdown('[x](javascript:alert(1)) ![y](vbscript:z)')).not.toMatch(/<a |<img /);
  });

  it('aligns table columns by class, with no inline style', () => {
    const html = renderMarkdown('| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n');
    expect(html).not.toContain('style=');
    expect(html).toContain('<th class="align-left">a</th>');
    expect(html).toContain('<td class="align-center">2</td>');
    expect(html).toContain('<td class="align-right">3</td>');
  });
});
