import type { FastifyReply } from 'fastify';

/**
 * Small server-rendered pages for answers a browser opens directly, without the React app: the
 * unsubscribe link from a mail and the no-script report form. Every dynamic text goes through
 * escapeHtml; the page has no script, so the strict default CSP applies as is.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export interface PlainPage {
  title: string;
  paragraphs: string[];
  link?: { href: string; label: string };
}

export function renderPlainPage(page: PlainPage): string {
  const title = escapeHtml(page.title);
  const paragraphs = page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  const link = page.link
    ? `<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Crawlwise</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}h1{font-size:1.5rem}</style>
</head>
<body>
<h1>${title}</h1>
${paragraphs}
${link}
</body>
</html>
`;
}

/** Not cached: the answer depends on the moment (a link just used, a limit just reached). */
export function sendPlainPage(reply: FastifyReply, status: number, page: PlainPage) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(renderPlainPage(page));
}
