import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { answerStructure, isQuestion } from './answer-structure.ts';

const run = (body: string) =>
  answerStructure.run(makePage({ html: `<html><head></head><body>${body}</body></html>` }));
const words = (count: number) => Array.from({ length: count }, () => 'bread').join(' ');
const paragraph = (count: number) => `<p>${words(count)}</p>`;

describe('answer-structure check', () => {
  it('does not judge a short page', () => {
    const outcome = run(`<h1>Bread</h1>${paragraph(120)}`);
    expect(outcome).toMatchObject({ severity: 'success', outcome: 'not_applicable' });
    expect(outcome.message).toBe('Short page (121 words): no wall of text to break up');
  });

  it('warns about a wall of text', () => {
    const outcome = run(`<h1>Bread</h1>${paragraph(200)}${paragraph(200)}`);
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Wall of text: 401 words without a subheading, list or table');
    expect(outcome.details).toMatchObject({ words: 401, subheadings: 0, lists: 0, tables: 0 });
  });

  it('does not count the navigation, the site footer or a one-item list', () => {
    const outcome = run(
      `<header><nav><ul><li><a href="/">Home</a></li><li><a href="/b">Blog</a></li></ul></nav></header><main><h1>Bread</h1>${paragraph(350)}<ul><li>only one</li></ul></main><footer><h2>Contact</h2><table><tr><td>a</td></tr><tr><td>b</td></tr></table></footer>`,
    );
    expect(outcome.severity).toBe('warning');
    expect(outcome.details).toMatchObject({ subheadings: 0, lists: 0, tables: 0 });
  });

  it('credits subheadings, lists, tables and direct answers to questions', () => {
    const outcome = run(
      [
        '<h1>Sourdough</h1>',
        '<h2>What is sourdough?</h2><p>Bread leavened by a starter of wild yeast and bacteria.</p>',
        paragraph(150),
        '<h2>How do you feed a starter</h2><ol><li>Discard half</li><li>Add flour and water</li></ol>',
        `<h2>Why does it rise slowly?</h2>${paragraph(80)}`,
        '<h3>Flours compared</h3><table><tr><th>Flour</th></tr><tr><td>Rye</td></tr></table>',
        paragraph(100),
      ].join(''),
    );
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe(
      'Structured for answers: 4 subheadings, 1 list and 1 table; 2 of 3 questions answered directly',
    );
    expect(outcome.details).toMatchObject({
      subheadings: 4,
      lists: 1,
      tables: 1,
      questionHeadings: 3,
      directAnswers: 2,
      questions: [
        { heading: 'What is sourdough?', answer: 'paragraph', answerWords: 10, direct: true },
        { heading: 'How do you feed a starter', answer: 'list', answerWords: null, direct: true },
        {
          heading: 'Why does it rise slowly?',
          answer: 'paragraph',
          answerWords: 80,
          direct: false,
        },
      ],
    });
    expect(outcome.why).toContain('"Why does it rise slowly?"');
  });

  it('finds no answer when another heading follows at once', () => {
    const outcome = run(`<h2>What is rye?</h2><h3>History</h3>${paragraph(320)}`);
    expect(outcome.details).toMatchObject({
      questions: [{ heading: 'What is rye?', answer: null, direct: false }],
    });
  });

  it('tells question headings', () => {
    expect(isQuestion('How long does it keep')).toBe(true);
    expect(isQuestion('Wie lange hält das Brot?')).toBe(true);
    expect(isQuestion('¿Cuánto cuesta')).toBe(true);
    expect(isQuestion('Pourquoi le levain ?')).toBe(true);
    expect(isQuestion('Our history')).toBe(false);
    expect(isQuestion('Whatever you bake')).toBe(false);
  });
});
