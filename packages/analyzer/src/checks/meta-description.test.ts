import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { metaDescription } from './meta-description.ts';

const run = (head: string, body = '') =>
  metaDescription.run(makePage({ html: `<html><head>${head}</head><body>${body}</body></html>` }));
const desc = (content: string) => `<meta name="description" content="${content}">`;

describe('meta-description check', () => {
  it('has stable meta', () => {
    expect(metaDescription.meta).toMatchObject({ id: 'meta-description', category: 'metadata' });
    expect(metaDescription.meta.why).toContain('70-160');
  });

  it('passes a description of 70-160 characters', () => {
    const value = 'd'.repeat(100);
    const outcome = run(desc(value));
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Meta description length is good (100 characters)');
    expect(outcome.details).toEqual({ value, length: 100, count: 1 });
  });

  it('is critical when missing', () => {
    const outcome = run('<title>x</title>');
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('Page has no meta description');
    expect(outcome.details).toEqual({ value: null, length: 0, count: 0 });
  });

  it('is critical when empty or without content', () => {
    expect(run(desc('  ')).message).toBe('Meta description is empty');
    const outcome = run('<meta name="description">');
    expect(outcome.severity).toBe('critical');
    expect(outcome.details).toEqual({ value: null, length: 0, count: 1 });
  });

  it('warns when too short', () => {
    const outcome = run(desc('A short description.'));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Meta description is too short (20 characters)');
  });

  it('warns when too long', () => {
    const outcome = run(desc('x'.repeat(161)));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Meta description is too long (161 characters)');
  });

  it('accepts the boundaries 70 and 160', () => {
    expect(run(desc('a'.repeat(70))).severity).toBe('success');
    expect(run(desc('a'.repeat(160))).severity).toBe('success');
    expect(run(desc('a'.repeat(69))).severity).toBe('warning');
  });

  it('measures after decoding entities and collapsing whitespace', () => {
    const outcome = run(desc(`${'&quot;'.repeat(35)}   \n  ${'b'.repeat(34)}`));
    expect(outcome.details).toMatchObject({ length: 70 });
    expect(outcome.severity).toBe('success');
  });

  it('matches the name case-insensitively and finds it in body', () => {
    const outcome = run('', `<meta NAME="Description" content="${'c'.repeat(80)}">`);
    expect(outcome.severity).toBe('success');
  });

  it('warns about several descriptions', () => {
    const outcome = run(desc('e'.repeat(80)) + desc('f'.repeat(90)));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Page has 2 meta descriptions');
    expect(outcome.details).toMatchObject({ length: 80, count: 2 });
  });

  it('names the length problem first when several apply', () => {
    const outcome = run(desc('short') + desc('other'));
    expect(outcome.message).toBe('Meta description is too short (5 characters)');
    expect(outcome.why).toContain('single description');
  });
});
