import { describe, expect, it } from 'vitest';
import { EMBEDDED_REPORT_ELEMENT_ID, embeddedReportScript } from './report-embed.ts';

describe('the embedded report', () => {
  it('is one JSON data block whose content no report text can break out of', () => {
    const hostile = '</script><script>alert(1)</script><!-- & \u2028';
    const html = embeddedReportScript({ token: 't', report: { title: hostile } });
    expect(
      html.startsWith(`<script type="application/json" id="${EMBEDDED_REPORT_ELEMENT_ID}">`),
    ).toBe(true);
    const body = html.slice(html.indexOf('>') + 1, html.lastIndexOf('</script>'));
    expect(body).not.toMatch(/[<>&\u2028]/);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(body)).toEqual({ token: 't', report: { title: hostile } });
  });
});
