import {
  type Document,
  descendantRange,
  type Element,
  elementIndex,
  elementsByTag,
  positionIn,
} from '../page/dom.ts';
import { isContent } from '../page/element-flags.ts';
import { elementText } from '../page/element-text.ts';
import { wordCountOf } from '../page/visible-text.ts';
import type { Check, CheckOutcome } from './check.ts';
import { listPhrase, MAX_LISTED, plural, truncate } from './markup-helpers.ts';

/**
 * `answer-structure` (content): whether the main content is laid out so that search engines and
 * AI answers can lift an answer from it. A page of 300 words or more with no subheading (h2-h6),
 * no list and no table is a wall of text: a warning. What helps is credited in the message and
 * the details: subheadings, lists (of two items or more), tables (of two rows or more), and
 * question-shaped subheadings answered directly — the first block after the heading is a
 * paragraph of at most 60 words, or a list or a table. Only the content counts (navigation,
 * sidebars, the site header and footer, hidden elements are skipped), in the served HTML, which
 * is what most AI crawlers read. A page under 300 words is not judged (word-count's business).
 */

export const WALL_OF_TEXT_WORDS = 300;
/** Longest paragraph that still reads as a direct answer (paragraph snippets are short). */
export const DIRECT_ANSWER_WORDS = 60;

const SUBHEADINGS = ['h2', 'h3', 'h4', 'h5', 'h6'];
const HEADINGS = ['h1', ...SUBHEADINGS];

/** Words that open a question in English, German, French, Spanish, Italian and Portuguese. */
const QUESTION_OPENERS = new Set(
  (
    'how what why when where who whom whose which can could do does did is are was were should ' +
    'will would may might shall has have ' +
    'wie was warum wann wo wer welche welcher welches kann ist sind gibt ' +
    'comment pourquoi quand où qui quel quelle quels quelles combien est ' +
    'cómo como qué que por cuándo dónde quién cuál cuánto cuántos ' +
    'perché quando dove chi quale quanto cosa ' +
    'porque onde quem qual quanto'
  ).split(' '),
);

/** A heading that asks: ends with a question mark, or opens with a question word. */
export function isQuestion(text: string): boolean {
  const trimmed = text.trim();
  if (/[?？؟]$/.test(trimmed) || trimmed.startsWith('¿')) return true;
  const first = trimmed.toLowerCase().split(/[\s,:]+/)[0] ?? '';
  return QUESTION_OPENERS.has(first);
}

type AnswerShape = 'paragraph' | 'list' | 'table';

interface QuestionDetail {
  heading: string;
  /** The first block after the heading; null when another heading follows at once. */
  answer: AnswerShape | null;
  /** Words of the answering paragraph; null for a list, a table or no answer. */
  answerWords: number | null;
  direct: boolean;
}

const BLOCKS: Readonly<Record<string, AnswerShape>> = {
  p: 'paragraph',
  ul: 'list',
  ol: 'list',
  dl: 'list',
  table: 'table',
};

/** Lists of two items or more and tables of two rows or more: the shapes snippets lift. */
function countsAsStructure(doc: Document, el: Element): boolean {
  if (el.name === 'table') {
    const { from, to } = descendantRange(doc, el, 'tr');
    return to - from >= 2;
  }
  if (el.name === 'dl') {
    const { from, to } = descendantRange(doc, el, 'dt');
    return to - from >= 1;
  }
  const { from, to } = descendantRange(doc, el, 'li');
  return to - from >= 2;
}

interface Answer {
  answer: AnswerShape | null;
  words: number | null;
}

/** The first content block between the heading and the next heading (at `end`), and its words. */
function answerAfter(doc: Document, heading: Element, end: number): Answer {
  const index = elementIndex(doc);
  for (let p = index.subtreeEnd[positionIn(index, heading)]!; p < end; p++) {
    const el = index.all[p]!;
    const shape = BLOCKS[el.name];
    if (shape === undefined || !isContent(doc, el)) continue;
    if (shape !== 'paragraph') return { answer: shape, words: null };
    const words = wordCountOf(elementText(doc, el));
    if (words > 0) return { answer: 'paragraph', words };
  }
  return { answer: null, words: null };
}

/** Question-shaped subheadings and how each is answered. */
function questionsOf(doc: Document): QuestionDetail[] {
  const index = elementIndex(doc);
  const headings = elementsByTag(doc, ...HEADINGS);
  const questions: QuestionDetail[] = [];
  headings.forEach((heading, i) => {
    if (heading.name === 'h1' || !isContent(doc, heading)) return;
    const text = elementText(doc, heading, { max: 300 });
    if (!isQuestion(text)) return;
    const next = headings[i + 1];
    const end = next === undefined ? index.all.length : positionIn(index, next);
    const { answer, words } = answerAfter(doc, heading, end);
    questions.push({
      heading: truncate(text),
      answer,
      answerWords: words,
      direct:
        answer === 'list' || answer === 'table' || (words !== null && words <= DIRECT_ANSWER_WORDS),
    });
  });
  return questions;
}

const count = (doc: Document, names: string[], structured: boolean) =>
  elementsByTag(doc, ...names).filter(
    (el) => isContent(doc, el) && (!structured || countsAsStructure(doc, el)),
  ).length;

export const answerStructure: Check = {
  meta: {
    id: 'answer-structure',
    title: 'Answer-ready structure',
    why: 'Search engines and AI assistants quote pages that answer a question plainly: a subheading that names the question, a short direct answer under it, lists for steps and tables for comparisons. A long page of unbroken paragraphs gives them nothing to lift, and readers skim past it.',
    howToFix:
      'Break the text up with subheadings that name what each part answers, open each part with a direct answer of a sentence or two (at most 60 words), and put steps in lists and comparisons in tables.',
    rule: `A page whose main content has ${WALL_OF_TEXT_WORDS} words or more with no subheading (h2-h6), no list of two items or more and no table of two rows or more is a wall of text: a warning. Otherwise it passes, crediting subheadings, lists, tables and question-shaped subheadings (ending with a question mark or opening with a question word) whose first block is a paragraph of at most ${DIRECT_ANSWER_WORDS} words, a list or a table. Navigation, sidebars, the site header and footer and hidden text do not count; a page under ${WALL_OF_TEXT_WORDS} words is not applicable. Google publishes no word limit: ${DIRECT_ANSWER_WORDS} words is the length practitioners measure paragraph featured snippets at.`,
    sources: [
      {
        title: 'Google Search Central: Featured snippets and your website',
        url: 'https://developers.google.com/search/docs/appearance/featured-snippets',
      },
      {
        title: 'Google Search Central: AI features and your website',
        url: 'https://developers.google.com/search/docs/appearance/ai-features',
      },
      {
        title: 'Google Search Central: Creating helpful, reliable, people-first content',
        url: 'https://developers.google.com/search/docs/fundamentals/creating-helpful-content',
      },
      {
        title: 'W3C WAI: Headings (page structure tutorial)',
        url: 'https://www.w3.org/WAI/tutorials/page-structure/headings/',
      },
    ],
  },
  run(page): CheckOutcome {
    const doc = page.document;
    const words = page.serverText.wordCount;
    const subheadings = count(doc, SUBHEADINGS, false);
    const lists = count(doc, ['ul', 'ol', 'dl'], true);
    const tables = count(doc, ['table'], true);
    const questions = questionsOf(doc);
    const directAnswers = questions.filter((question) => question.direct).length;
    const details = {
      words,
      subheadings,
      lists,
      tables,
      questionHeadings: questions.length,
      directAnswers,
      questions: questions.slice(0, MAX_LISTED),
    };

    if (words < WALL_OF_TEXT_WORDS) {
      return {
        severity: 'success',
        outcome: 'not_applicable',
        message: `Short page (${plural(words, 'word')}): no wall of text to break up`,
        details,
      };
    }
    if (subheadings + lists + tables === 0) {
      return {
        severity: 'warning',
        message: `Wall of text: ${words} words without a subheading, list or table`,
        why: `The ${words} words of the main content run on without a subheading, a list or a table, so search engines and AI assistants find no passage that answers a question on its own, and readers cannot skim. Give each part a subheading naming what it answers and open it with a short direct answer.`,
        details,
      };
    }
    const credits = [
      subheadings > 0 ? plural(subheadings, 'subheading') : null,
      lists > 0 ? plural(lists, 'list') : null,
      tables > 0 ? plural(tables, 'table') : null,
    ].filter((credit): credit is string => credit !== null);
    const answered =
      questions.length === 0
        ? ''
        : `; ${directAnswers} of ${plural(questions.length, 'question')} answered directly`;
    const longAnswers = questions.filter((question) => !question.direct);
    return {
      severity: 'success',
      message: `Structured for answers: ${listPhrase(credits)}${answered}`,
      ...(longAnswers.length > 0
        ? {
            why: `Some question headings are not followed by a direct answer ("${longAnswers[0]!.heading}"): open each with a paragraph of at most ${DIRECT_ANSWER_WORDS} words, a list or a table, and expand below it.`,
          }
        : {}),
      details,
    };
  },
};
