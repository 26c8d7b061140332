import { authorshipSignals } from './authorship-signals.ts';
import type { Check, CheckOutcome } from './check.ts';

/**
 * `authorship` (content): an article says who wrote it and when. A page is an article when its
 * structured data (JSON-LD or microdata) is an Article, BlogPosting, NewsArticle or another
 * schema.org Article type, or when its first `<article>` in the content carries a byline. The
 * author may come from the structured data, microdata (itemprop="author"), a rel="author" link,
 * a byline (an element classed byline, author, post-author...), `<meta name="author">` or
 * article:author; the date from datePublished (JSON-LD or microdata), article:published_time or
 * a `<time>` in the article. An article without an author or without a date is a warning: search
 * engines show bylines and dates, and readers and AI answers weigh content by who stands behind
 * it and how current it is. Any other page is not applicable.
 */

export const authorship: Check = {
  meta: {
    id: 'authorship',
    title: 'Author and date',
    why: 'Readers, search engines and AI answers judge an article by who wrote it and when: Google shows the date in results and asks for the author and dates in article structured data. An article that names neither looks anonymous and undated.',
    howToFix:
      'Show a byline with the author\'s name (linked to their profile with rel="author") and the publication date in a <time datetime> element, and add author and datePublished to the article\'s structured data.',
    rule: 'A page is an article when its JSON-LD or microdata is of a schema.org Article type (Article, BlogPosting, NewsArticle and their subtypes) or its first <article> in the content has a byline. Its author is read from the structured data, itemprop="author", a rel="author" link, a byline element (class byline, author, post-author...), <meta name="author"> or article:author; its date from datePublished, article:published_time or a <time> in the article. An article without an author, or without a date, is a warning; another page is not applicable.',
    sources: [
      {
        title: 'Google Search Central: Article structured data',
        url: 'https://developers.google.com/search/docs/appearance/structured-data/article',
      },
      {
        title: 'Google Search Central: Influencing byline dates',
        url: 'https://developers.google.com/search/docs/appearance/publication-dates',
      },
      {
        title:
          'Google Search Central: Creating helpful, reliable, people-first content ("Who, how and why")',
        url: 'https://developers.google.com/search/docs/fundamentals/creating-helpful-content',
      },
      { title: 'schema.org: author', url: 'https://schema.org/author' },
    ],
  },
  run(page): CheckOutcome {
    const { article, author, date } = authorshipSignals(page.document);
    const details = { article, author, date };
    if (article === null) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: 'Not an article',
        details,
      };
    }
    if (author !== null && date !== null) {
      return {
        severity: 'success',
        message: `Article by ${author.value}, dated ${date.value}`,
        details,
      };
    }
    const missing = [author === null ? 'an author' : null, date === null ? 'a date' : null].filter(
      (entry): entry is string => entry !== null,
    );
    const what = missing.join(' or ');
    const steps = [
      author === null
        ? 'a byline with the author\'s name (a link to their profile with rel="author"), and "author": {"@type": "Person", "name": "…"} in the article\'s JSON-LD'
        : null,
      date === null
        ? 'the publication date in a <time datetime="YYYY-MM-DD"> element, and "datePublished" (ISO 8601) in the JSON-LD'
        : null,
    ].filter((step): step is string => step !== null);
    return {
      severity: 'warning',
      message: `Article without ${what}`,
      why: `The page is an article (${article.source === 'article element' ? 'an <article> with a byline' : `${article.value} ${article.source}`}), but it states no ${missing.map((entry) => entry.replace(/^an? /, '')).join(' and no ')}. Search engines show bylines and dates, and readers and AI answers weigh an article by who wrote it and how current it is.`,
      howToFix: `Add ${steps.join('; and ')}.`,
      details,
    };
  },
};
