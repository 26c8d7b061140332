import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { viewport } from './viewport.ts';

const run = (head: string) =>
  viewport.run(makePage({ html: `<html><head>${head}</head><body></body></html>` }));

describe('viewport check', () => {
  it('has stable meta', () => {
    expect(viewport.meta).toMatchObject({ id: 'viewport' });
  });

  it('passes width=device-width', () => {
    const outcome = run('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(outcome.severity).toBe('success');
    expect(outcome.details).toEqual({
      present: true,
      content: 'width=device-width, initial-scale=1',
      deviceWidth: true,
      count: 1,
    });
  });

  it('tolerates case, spaces and semicolons', () => {
    const outcome = run('<meta name="Viewport" content="initial-scale=1; WIDTH = Device-Width">');
    expect(outcome.severity).toBe('success');
  });

  it('is critical when missing', () => {
    const outcome = run('<meta charset="utf-8">');
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('No mobile viewport tag');
    expect(outcome.details).toMatchObject({ present: false, deviceWidth: false, count: 0 });
  });

  it('warns when width is not device-width', () => {
    const outcome = run('<meta name="viewport" content="width=1024">');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Viewport does not use width=device-width');
    expect(outcome.details).toMatchObject({ present: true, deviceWidth: false });
  });

  it('warns on an empty viewport tag', () => {
    const outcome = run('<meta name="viewport">');
    expect(outcome.severity).toBe('warning');
    expect(outcome.details).toMatchObject({ present: true, content: '' });
  });

  it('uses the last viewport tag, as browsers do', () => {
    const outcome = run(
      '<meta name="viewport" content="width=device-width"><meta name="viewport" content="width=980">',
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.details).toMatchObject({ count: 2, content: 'width=980' });
  });
});

describe('viewport fix', () => {
  const TAG = '<meta name="viewport" content="width=device-width, initial-scale=1">';

  it('gives the tag to add when there is none', () => {
    const outcome = run('');
    expect(outcome.howToFix).toBe(`Add ${TAG} to <head>.`);
    expect(outcome.details?.fixSnippet).toBe(TAG);
  });

  it('replaces a fixed-width viewport, quoting it', () => {
    const outcome = run('<meta name="viewport" content="width=1024">');
    expect(outcome.howToFix).toBe(`Replace the viewport tag (content="width=1024") with ${TAG}.`);
    expect(outcome.details?.fixSnippet).toBe(TAG);
  });

  it('gives no fix for a good viewport', () => {
    expect(run(TAG).howToFix).toBeUndefined();
  });
});
