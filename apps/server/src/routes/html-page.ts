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
  /** A form that POSTs hidden fields to this site (a confirmation button). */
  form?: { action: string; fields: Record<string, string>; submitLabel: string };
  link?: { href: string; label: string };
}

function renderForm(form: NonNullable<PlainPage['form']>): string {
  const fields = Object.entries(form.fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return `<form method="post" action="${escapeHtml(form.action)}">${fields}<p><button type="submit">${escapeHtml(form.submitLabel)}</button></p></form>`;
}

export function renderPlainPage(page: PlainPage): string {
  const title = escapeHtml(page.title);
  const paragraphs = page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  const form = page.form ? renderForm(page.form) : '';
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
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}h1{font-size:1.5rem}button{font:inherit;padding:.5rem 1rem;border-radius:.5rem;border:0;background:#0f172a;color:#fff;cursor:pointer}</style>
</head>
<body>
<h1>${title}</h1>
${paragraphs}
${form}
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
