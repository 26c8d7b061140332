import { describe, expect, it } from 'vitest';
import type { IslandsManifest } from './islands-manifest.ts';
import { islandScripts, islandsOfPage } from './islands-scripts.ts';

const MANIFEST: IslandsManifest = {
  entry: 'assets/islands-1.js',
  chunks: {
    'assets/islands-1.js': { imports: ['assets/react-1.js'], modules: ['islands/main.tsx'] },
    'assets/react-1.js': { imports: [], modules: [] },
    'assets/url-bar-1.js': {
      imports: ['assets/react-1.js', 'assets/notify-1.js', 'assets/islands-1.js'],
      modules: ['features/url-bar/url-bar.tsx'],
    },
    'assets/notify-1.js': { imports: [], modules: ['lib/notify.ts'] },
    'assets/accordion-1.js': {
      imports: ['assets/react-1.js'],
      modules: ['components/ui/accordion.tsx'],
    },
  },
};

describe('the scripts a prerendered page loads', () => {
  it('are the entry first, then what it and the page’s islands import, each once', () => {
    expect(islandScripts(MANIFEST, ['url-bar'])).toEqual([
      'assets/islands-1.js',
      'assets/notify-1.js',
      'assets/react-1.js',
      'assets/url-bar-1.js',
    ]);
    // A page without that island does not load its chunk.
    expect(islandScripts(MANIFEST, ['accordion'])).toEqual([
      'assets/islands-1.js',
      'assets/accordion-1.js',
      'assets/react-1.js',
    ]);
  });

  it('fail the build for an island the registry or the islands build does not know', () => {
    expect(() => islandScripts(MANIFEST, ['nope'])).toThrow(/unknown island "nope"/);
    expect(() => islandScripts(MANIFEST, ['contact-form'])).toThrow(
      /no chunk holds features\/contact\/contact-form.tsx/,
    );
  });

  it('come from the islands named in the page, once each', () => {
    const html =
      '<div data-island="mobile-nav" data-props="{}"></div><span data-island="url-bar"></span><div data-island="url-bar"></div>';
    expect(islandsOfPage(html)).toEqual(['mobile-nav', 'url-bar']);
  });
});
