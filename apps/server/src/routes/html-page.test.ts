import { describe, expect, it } from 'vitest';
import { escapeHtml, renderPlainPage } from './html-page.ts';

describe('plain pages', () => {
  it('escape every piece of text', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
    const page = renderPlainPage({
      title: '<img src=x onerror=alert(1)>',
      paragraphs: ['a < b', '"quoted"'],
      link: { href: '/x?a=1&b="2"', label: '<b>go</b>' },
    });
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<b>go');
    expect(page).toContain('<h1>&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(page).toContain('<p>a &lt; b</p>');
    expect(page).toContain('<a href="/x?a=1&amp;b=&quot;2&quot;">&lt;b&gt;go&lt;/b&gt;</a>');
  });
});
