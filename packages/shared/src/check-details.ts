/**
 * The `details` of the checks whose keys something reads by name: the report screen's panels,
 * the crawler view, the PDF export, the summary tiles and the site view. A check with an id in
 * CheckDetailsMap must return exactly its type (packages/analyzer/src/checks/check.ts), and
 * readers go through `detailsOf`, so a key renamed on one side no longer compiles on the other.
 * Checks nobody reads by key keep free-form details (`Record<string, unknown>`); the generic
 * renderer (finding-details.ts) shows any details either way.
 *
 * These are type aliases, not interfaces: an alias is assignable to `Record<string, unknown>`,
 * which is what a finding stores, while an interface has no implicit index signature.
 */

/** What a check that writes the code of its fix adds to a failed finding (`fixSnippet`). */
export type FixDetails = { fixSnippet?: string };

/**
 * The fix snippet's key, for readers of any finding's details: typed as a key of FixDetails so
 * that renaming the key there breaks every reader here.
 */
export const FIX_SNIPPET_KEY = 'fixSnippet' satisfies keyof FixDetails;

/** A `rendered-*` check the page could not be rendered for: why it compared nothing. */
export type NotRenderedDetails = { reason: string };

/** The robots.txt kind of crawler a verdict is about. */
export type BotKindDetail = 'search' | 'assistant' | 'training';

export type BotVerdictDetail = {
  bot: string;
  kind: BotKindDetail;
  /** null when robots.txt could not be read. */
  allowed: boolean | null;
  rule?: string;
};

export type BotAccessDetails = FixDetails & {
  robotsUrl: string;
  bots: BotVerdictDetail[];
  blockedSearch: string[];
  blockedAssistants: string[];
  blockedTraining: string[];
  /** Only when robots.txt could not be read. */
  reason?: string;
};

/** A JSON-LD block's problem; `block` counts from 1. */
export type StructuredDataProblem = { block: number; problem: string };

export type StructuredDataDetails = FixDetails & {
  count: number;
  types: string[];
  problems: StructuredDataProblem[];
  /** All problems, where `problems` lists the first few; absent when the page has no JSON-LD. */
  problemCount?: number;
};

export type RichResultInvalidValue = { property: string; value: string; problem: string };

export type RichResultItemDetail = {
  type: string;
  feature: string;
  block: number;
  /** Where the item sits in its block: '' for the block itself, '@graph[2]', '[1]'. */
  path: string;
  eligible: boolean;
  missingRequired: string[];
  missingRecommended: string[];
  invalid: RichResultInvalidValue[];
};

export type RichResultsDetails = FixDetails & {
  /** Which document was judged: the rendered page when a browser rendered it. */
  source: 'rendered' | 'server';
  types: string[];
  items: RichResultItemDetail[];
  /** All items, where `items` lists the first few; absent when the page has no JSON-LD. */
  itemCount?: number;
};

/** How script changed a single text signal (title, meta description). */
export type ValueChangeDetail = 'same' | 'added' | 'removed' | 'changed';

export type ValueDiffDetails = FixDetails & {
  server: string | null;
  rendered: string | null;
  change: ValueChangeDetail;
};

/** How script changed a list signal (canonicals, H1s, alternates, JSON-LD blocks). */
export type ListDiffDetails = FixDetails & {
  server: string[];
  rendered: string[];
  addedByScript: string[];
  removedByScript: string[];
};

export type RenderedRobotsDetails = ListDiffDetails & {
  noindexServer: boolean;
  noindexRendered: boolean;
};

export type RenderedLinksDetails = {
  serverLinks: number;
  renderedLinks: number;
  scriptOnly: number;
  removedByScript: number;
  scriptOnlySample: string[];
  removedSample: string[];
};

export type JsRenderingDetails =
  | {
      serverWords: number;
      renderedWords: number;
      /** Server words over rendered words, two decimals. */
      ratio: number;
      missingWords: number;
      missingSample: string;
    }
  /**
   * Not rendered: only the server side and how many scripts it loads. The other shape's keys
   * are named as never present, so a reader may ask for them on either shape.
   */
  | {
      serverWords: number;
      renderedWords: null;
      scripts: number;
      ratio?: never;
      missingWords?: never;
      missingSample?: never;
    };

/** A metadata element Google does not read (outside the head), and why. */
export type IgnoredElementDetail = { element: string; line: number; reason: string };

/** The title or the meta description: the value the summary tiles show, and its length. */
export type TextTagDetails = FixDetails & {
  value: string | null;
  /** In code points, after entity decoding and whitespace collapsing. */
  length: number;
  /** How many such elements the head holds. */
  count: number;
  ignored: IgnoredElementDetail[];
};

export type WordCountDetails = { count: number; renderedCount: number | null };

export type RobotsTxtDetails = FixDetails & {
  robotsUrl: string;
  status: 'ok' | 'missing' | 'unreachable' | 'unparsable';
  /** null when robots.txt could not be read or matched. */
  allowedForGooglebot: boolean | null;
  /** The rule that decides, or why robots.txt could not be read. */
  detail?: string;
};

export type CanonicalDeclarationDetail = {
  source: 'link element' | 'Link header';
  href: string;
  /** The absolute URL it resolves to; null when it does not resolve to an http(s) URL. */
  resolved: string | null;
};

/** The canonical check's verdict on the declarations of the head and the Link header. */
export type CanonicalVerdictDetails = FixDetails & {
  pageUrl: string;
  declarations: CanonicalDeclarationDetail[];
  /** The one canonical, when the declarations agree and resolve. */
  canonical?: string;
  /** The distinct canonicals, when declarations conflict. */
  canonicals?: string[];
  /** The hrefs that do not resolve. */
  invalid?: string[];
};

export type CanonicalDetails = CanonicalVerdictDetails & { ignored: IgnoredElementDetail[] };

/** Check id → the details its findings carry. */
export interface CheckDetailsMap {
  canonical: CanonicalDetails;
  title: TextTagDetails;
  'meta-description': TextTagDetails;
  'word-count': WordCountDetails;
  'robots-txt': RobotsTxtDetails;
  'bot-access': BotAccessDetails;
  'structured-data': StructuredDataDetails;
  'rich-results': RichResultsDetails;
  'js-rendering': JsRenderingDetails;
  'rendered-title': ValueDiffDetails | NotRenderedDetails;
  'rendered-meta-description': ValueDiffDetails | NotRenderedDetails;
  'rendered-canonical': ListDiffDetails | NotRenderedDetails;
  'rendered-robots': RenderedRobotsDetails | NotRenderedDetails;
  'rendered-h1': ListDiffDetails | NotRenderedDetails;
  'rendered-hreflang': ListDiffDetails | NotRenderedDetails;
  'rendered-structured-data': ListDiffDetails | NotRenderedDetails;
  'rendered-links': RenderedLinksDetails | NotRenderedDetails;
}

export type MappedCheckId = keyof CheckDetailsMap;

/** What a check writes in `details`: its mapped type, or free-form for an unmapped id. */
export type DetailsOf<Id extends string> = Id extends MappedCheckId
  ? CheckDetailsMap[Id]
  : Record<string, unknown>;

type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type ValueOfUnion<T, K extends PropertyKey> = T extends unknown
  ? K extends keyof T
    ? T[K]
    : never
  : never;

/**
 * A value as a stored report may hold it: the entries of a list that are objects keep only the
 * fields in shape, each optional (a list item written by an older analyzer may lack one).
 */
export type Stored<V> = V extends readonly (infer E)[]
  ? Stored<E>[]
  : V extends object
    ? { [K in keyof V]?: Stored<Exclude<V[K], undefined>> }
    : V;

/**
 * Details as a reader gets them back from a stored report: every key of any shape the check
 * writes, each optional. A report stored before a key existed, a check that threw (the runner
 * writes `error` instead) or details cut for size lack keys, so a reader never assumes one.
 */
export type StoredDetails<T> = {
  [K in KeysOfUnion<T>]?: Stored<Exclude<ValueOfUnion<T, K>, undefined>>;
};

export type StoredDetailsOf<Id extends MappedCheckId> = StoredDetails<CheckDetailsMap[Id]>;

/* ---------- Reading stored details ---------- */

/** Reads one value: the value in the expected shape, or undefined for absent or malformed. */
type Reader<T> = (value: unknown) => T | undefined;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str: Reader<string> = (value) => (typeof value === 'string' ? value : undefined);
const num: Reader<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const bool: Reader<boolean> = (value) => (typeof value === 'boolean' ? value : undefined);

const nullable =
  <T>(read: Reader<T>): Reader<T | null> =>
  (value) =>
    value === null ? null : read(value);

const oneOf =
  <const T extends string>(...allowed: readonly T[]): Reader<T> =>
  (value) =>
    allowed.find((entry) => entry === value);

/** A list, keeping the entries in shape and dropping the others (one bad entry spoils none). */
const listOf =
  <T>(read: Reader<T>): Reader<T[]> =>
  (value) =>
    Array.isArray(value)
      ? value.flatMap((entry) => {
          const kept = read(entry);
          return kept === undefined ? [] : [kept];
        })
      : undefined;

/**
 * An object (a list item) with these fields, each kept when in shape and left out otherwise:
 * which fields an item cannot do without is the reader's call (a bot row needs its name).
 */
const shape =
  <T extends object>(fields: { [K in keyof T]-?: Reader<Stored<Exclude<T[K], undefined>>> }) =>
  (value: unknown): Stored<T> | undefined => {
    if (!isObject(value)) return undefined;
    const out: Record<string, unknown> = {};
    for (const [key, read] of Object.entries<Reader<unknown>>(fields)) {
      const field = read(value[key]);
      if (field !== undefined) out[key] = field;
    }
    return out as Stored<T>;
  };

/** One reader per key any shape of the check's details may hold. */
type DetailReaders<T> = {
  [K in KeysOfUnion<T>]-?: Reader<Stored<Exclude<ValueOfUnion<T, K>, undefined>>>;
};

const strings = listOf(str);
const fix = { fixSnippet: str };
const listDiff = {
  ...fix,
  server: strings,
  rendered: strings,
  addedByScript: strings,
  removedByScript: strings,
  reason: str,
};

const ignoredElements = listOf(
  shape<IgnoredElementDetail>({ element: str, line: num, reason: str }),
);
const textTag = {
  ...fix,
  value: nullable(str),
  length: num,
  count: num,
  ignored: ignoredElements,
};

const READERS: { [Id in MappedCheckId]: DetailReaders<CheckDetailsMap[Id]> } = {
  canonical: {
    ...fix,
    pageUrl: str,
    declarations: listOf(
      shape<CanonicalDeclarationDetail>({
        source: oneOf('link element', 'Link header'),
        href: str,
        resolved: nullable(str),
      }),
    ),
    canonical: str,
    canonicals: strings,
    invalid: strings,
    ignored: ignoredElements,
  },
  title: textTag,
  'meta-description': textTag,
  'word-count': { count: num, renderedCount: nullable(num) },
  'robots-txt': {
    ...fix,
    robotsUrl: str,
    status: oneOf('ok', 'missing', 'unreachable', 'unparsable'),
    allowedForGooglebot: nullable(bool),
    detail: str,
  },
  'bot-access': {
    ...fix,
    robotsUrl: str,
    bots: listOf(
      shape<BotVerdictDetail>({
        bot: str,
        kind: oneOf('search', 'assistant', 'training'),
        allowed: nullable(bool),
        rule: str,
      }),
    ),
    blockedSearch: strings,
    blockedAssistants: strings,
    blockedTraining: strings,
    reason: str,
  },
  'structured-data': {
    ...fix,
    count: num,
    types: strings,
    problems: listOf(shape<StructuredDataProblem>({ block: num, problem: str })),
    problemCount: num,
  },
  'rich-results': {
    ...fix,
    source: oneOf('rendered', 'server'),
    types: strings,
    items: listOf(
      shape<RichResultItemDetail>({
        type: str,
        feature: str,
        block: num,
        path: str,
        eligible: bool,
        missingRequired: strings,
        missingRecommended: strings,
        invalid: listOf(shape<RichResultInvalidValue>({ property: str, value: str, problem: str })),
      }),
    ),
    itemCount: num,
  },
  'js-rendering': {
    serverWords: num,
    renderedWords: nullable(num),
    ratio: num,
    missingWords: num,
    missingSample: str,
    scripts: num,
  },
  'rendered-title': {
    ...fix,
    server: nullable(str),
    rendered: nullable(str),
    change: oneOf('same', 'added', 'removed', 'changed'),
    reason: str,
  },
  'rendered-meta-description': {
    ...fix,
    server: nullable(str),
    rendered: nullable(str),
    change: oneOf('same', 'added', 'removed', 'changed'),
    reason: str,
  },
  'rendered-canonical': listDiff,
  'rendered-robots': { ...listDiff, noindexServer: bool, noindexRendered: bool },
  'rendered-h1': listDiff,
  'rendered-hreflang': listDiff,
  'rendered-structured-data': listDiff,
  'rendered-links': {
    serverLinks: num,
    renderedLinks: num,
    scriptOnly: num,
    removedByScript: num,
    scriptOnlySample: strings,
    removedSample: strings,
    reason: str,
  },
};

/** The details of a finding of check `id`, read as `id` writes them. */
export function readDetails<Id extends MappedCheckId>(
  id: Id,
  details: unknown,
): StoredDetailsOf<Id> {
  const out: Record<string, unknown> = {};
  if (!isObject(details)) return out as StoredDetailsOf<Id>;
  for (const [key, read] of Object.entries<Reader<unknown>>(READERS[id])) {
    const value = read(details[key]);
    if (value !== undefined) out[key] = value;
  }
  return out as StoredDetailsOf<Id>;
}

/**
 * The typed details of `finding` when it is a finding of check `id`, else null (another check,
 * a locked issue without details, no finding). Keys missing or in another shape than the check
 * writes today (a report stored by an older analyzer) are left out, never thrown on.
 */
export function detailsOf<Id extends MappedCheckId>(
  finding: { id: string; details?: unknown } | null | undefined,
  id: Id,
): StoredDetailsOf<Id> | null {
  if (!finding || finding.id !== id || !('details' in finding)) return null;
  return readDetails(id, finding.details);
}

/**
 * The ready-to-paste code of any finding's fix (`details.fixSnippet`, which withFix writes for
 * every check), or null when there is none or it is blank.
 */
export function fixSnippetOf(details: unknown): string | null {
  if (!isObject(details)) return null;
  const snippet = str(details[FIX_SNIPPET_KEY]);
  return snippet !== undefined && snippet.trim() !== '' ? snippet : null;
}
