/**
 * What Google needs of each JSON-LD type it shows as a rich result (developers.google.com/search/
 * docs/appearance/structured-data, one page per feature): the required properties, the
 * recommended ones, the checks on their values, and which properties hold nested entities judged
 * by another rule (a Product's offers, a FAQPage's questions). Data only; rich-results.ts walks
 * the items with it. Types are matched without their `schema:` or `https://schema.org/` prefix.
 */

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A problem with one value, or null when it is fine. */
export type Validator = (value: unknown) => string | null;

export type RuleName =
  | 'Article'
  | 'Product'
  | 'Offer'
  | 'AggregateOffer'
  | 'AggregateRating'
  | 'Review'
  | 'Rating'
  | 'FAQPage'
  | 'Question'
  | 'Answer'
  | 'BreadcrumbList'
  | 'ListItem'
  | 'Organization'
  | 'LocalBusiness'
  | 'Event'
  | 'Recipe'
  | 'VideoObject'
  | 'JobPosting';

export interface RichResultRule {
  /** The search feature the type earns, as Google names it. */
  feature: string;
  /** Properties that must be present; an inner array means "at least one of these". */
  required: ReadonlyArray<string | readonly string[]>;
  /** Required only when the item stands alone (a Review inside a Product reviews the Product). */
  requiredStandalone?: readonly string[];
  recommended: readonly string[];
  /** Checks on the values of properties that are present (each entry of an array). */
  values?: Readonly<Record<string, Validator>>;
  /** Properties holding entities judged by another rule (unless their own @type has a rule). */
  nested?: Readonly<Record<string, RuleName>>;
  /** Checks across properties (a rating above its best rating). */
  consistency?: (item: JsonObject) => Array<{ property: string; problem: string }>;
}

const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const ISO_DURATION =
  /^P(?=\d|T\d)(?:\d+Y)?(?:\d+M)?(?:\d+W)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?$/;

/** The name after a schema.org prefix: `https://schema.org/InStock` → `InStock`. */
export function schemaName(value: string): string {
  return value.trim().replace(/^(?:https?:\/\/schema\.org\/|schema:)/i, '');
}

const textOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

const text: Validator = (value) => {
  if (isObject(value)) return null; // a nested entity (e.g. a Person as author) is fine
  const shown = textOf(value);
  if (shown === null) return 'must be text';
  return shown.trim() === '' ? 'is empty' : null;
};

const date: Validator = (value) => {
  const shown = textOf(value);
  if (shown === null || !ISO_DATE.test(shown.trim()) || Number.isNaN(Date.parse(shown.trim()))) {
    return 'must be an ISO 8601 date, such as 2026-11-23 or 2026-11-23T09:00:00+01:00';
  }
  return null;
};

const duration: Validator = (value) => {
  const shown = textOf(value);
  return shown !== null && ISO_DURATION.test(shown.trim())
    ? null
    : 'must be an ISO 8601 duration, such as PT1H30M';
};

const absoluteUrl = (shown: string): boolean => {
  try {
    const url = new URL(shown.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const url: Validator = (value) => {
  const shown = textOf(value);
  return shown !== null && absoluteUrl(shown) ? null : 'must be an absolute http(s) URL';
};

/** An image: a URL, or an ImageObject whose url (or contentUrl) is one. */
const image: Validator = (value) => {
  if (isObject(value)) {
    const inner = value.url ?? value.contentUrl;
    return inner !== undefined && url(inner) === null
      ? null
      : 'must be an absolute image URL (or an ImageObject with a url)';
  }
  return url(value) === null ? null : 'must be an absolute image URL';
};

/** A plain number (strings such as "19.99" are accepted, as by Google), no currency or commas. */
const number: Validator = (value) => {
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'must be a number';
  if (typeof value === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(value)) return null;
  return 'must be a number such as 19.99, without currency symbols or thousands separators';
};

const positiveInteger: Validator = (value) => {
  const shown = textOf(value);
  return shown !== null && /^\s*\d+\s*$/.test(shown) && Number(shown) > 0
    ? null
    : 'must be a whole number above 0';
};

const currency: Validator = (value) =>
  typeof value === 'string' && /^[A-Z]{3}$/.test(value.trim())
    ? null
    : 'must be a three-letter ISO 4217 currency code, such as EUR or USD';

const oneOf =
  (names: readonly string[], what: string): Validator =>
  (value) => {
    const shown = textOf(value);
    return shown !== null && names.includes(schemaName(shown))
      ? null
      : `must be ${what}: ${names.slice(0, 4).join(', ')}${names.length > 4 ? '...' : ''}`;
  };

const AVAILABILITY = [
  'InStock',
  'OutOfStock',
  'PreOrder',
  'BackOrder',
  'Discontinued',
  'InStoreOnly',
  'LimitedAvailability',
  'OnlineOnly',
  'PreSale',
  'SoldOut',
  'MadeToOrder',
  'Reserved',
];
const EVENT_STATUS = [
  'EventScheduled',
  'EventCancelled',
  'EventMovedOnline',
  'EventPostponed',
  'EventRescheduled',
];
const ATTENDANCE = [
  'OfflineEventAttendanceMode',
  'OnlineEventAttendanceMode',
  'MixedEventAttendanceMode',
];
const EMPLOYMENT = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
];

/** An author or organiser: a Person/Organization with a name (a bare name is tolerated). */
const party: Validator = (value) => {
  if (typeof value === 'string') return value.trim() === '' ? 'is empty' : null;
  if (isObject(value) && typeof value.name === 'string' && value.name.trim() !== '') return null;
  if (isObject(value) && value['@id'] !== undefined) return null;
  return 'must be a Person or Organization with a name';
};

/** A ratingValue within worstRating..bestRating (1..5 unless the item says otherwise). */
function ratingInRange(item: JsonObject): Array<{ property: string; problem: string }> {
  const value = Number(textOf(item.ratingValue));
  const best = item.bestRating === undefined ? 5 : Number(textOf(item.bestRating));
  const worst = item.worstRating === undefined ? 1 : Number(textOf(item.worstRating));
  if (Number.isNaN(value) || Number.isNaN(best) || Number.isNaN(worst)) return [];
  if (value > best) {
    return [{ property: 'ratingValue', problem: `is above bestRating (${best})` }];
  }
  if (value < worst) {
    return [{ property: 'ratingValue', problem: `is below worstRating (${worst})` }];
  }
  return [];
}

const RATING_VALUES = {
  ratingValue: number,
  bestRating: number,
  worstRating: number,
  ratingCount: positiveInteger,
  reviewCount: positiveInteger,
};

export const RULES: Readonly<Record<RuleName, RichResultRule>> = {
  Article: {
    feature: 'Article',
    required: [],
    recommended: ['headline', 'image', 'datePublished', 'dateModified', 'author'],
    values: {
      headline: text,
      image,
      datePublished: date,
      dateModified: date,
      author: party,
    },
  },
  Product: {
    feature: 'Product snippet',
    required: ['name', ['offers', 'review', 'aggregateRating']],
    recommended: ['image', 'description', 'brand', 'sku'],
    values: { name: text, image, description: text },
    nested: { offers: 'Offer', review: 'Review', aggregateRating: 'AggregateRating' },
  },
  Offer: {
    feature: 'Merchant listing (offer)',
    required: [['price', 'priceSpecification'], 'priceCurrency'],
    recommended: ['availability', 'url', 'priceValidUntil'],
    values: {
      price: number,
      priceCurrency: currency,
      availability: oneOf(AVAILABILITY, 'a schema.org availability'),
      url,
      priceValidUntil: date,
    },
  },
  AggregateOffer: {
    feature: 'Merchant listing (offer range)',
    required: ['lowPrice', 'priceCurrency'],
    recommended: ['highPrice', 'offerCount'],
    values: {
      lowPrice: number,
      highPrice: number,
      priceCurrency: currency,
      offerCount: positiveInteger,
    },
  },
  AggregateRating: {
    feature: 'Review snippet (aggregate rating)',
    required: ['ratingValue', ['ratingCount', 'reviewCount']],
    requiredStandalone: ['itemReviewed'],
    recommended: ['bestRating', 'worstRating'],
    values: RATING_VALUES,
    consistency: ratingInRange,
  },
  Review: {
    feature: 'Review snippet',
    required: ['author', 'reviewRating'],
    requiredStandalone: ['itemReviewed'],
    recommended: ['datePublished'],
    values: { author: party, datePublished: date },
    nested: { reviewRating: 'Rating' },
  },
  Rating: {
    feature: 'Rating',
    required: ['ratingValue'],
    recommended: ['bestRating', 'worstRating'],
    values: RATING_VALUES,
    consistency: ratingInRange,
  },
  FAQPage: {
    feature: 'FAQ',
    required: ['mainEntity'],
    recommended: [],
    nested: { mainEntity: 'Question' },
  },
  Question: {
    feature: 'FAQ question',
    required: ['name', 'acceptedAnswer'],
    recommended: [],
    values: { name: text },
    nested: { acceptedAnswer: 'Answer' },
  },
  Answer: {
    feature: 'FAQ answer',
    required: ['text'],
    recommended: [],
    values: { text },
  },
  BreadcrumbList: {
    feature: 'Breadcrumb',
    required: ['itemListElement'],
    recommended: [],
    nested: { itemListElement: 'ListItem' },
  },
  ListItem: {
    feature: 'Breadcrumb item',
    required: ['position', ['name', 'item']],
    recommended: [],
    // item is the crumb's URL, or a Thing with @id/name.
    values: { position: positiveInteger, item: (value) => (isObject(value) ? null : url(value)) },
  },
  Organization: {
    feature: 'Organization (logo and knowledge panel)',
    required: [],
    recommended: ['name', 'url', 'logo', 'sameAs'],
    values: { name: text, url, logo: image, sameAs: url },
  },
  LocalBusiness: {
    feature: 'Local business',
    required: ['name', 'address'],
    recommended: ['telephone', 'url', 'geo', 'openingHoursSpecification', 'image'],
    values: { name: text, url, image, telephone: text },
    nested: { aggregateRating: 'AggregateRating', review: 'Review' },
  },
  Event: {
    feature: 'Event',
    required: ['name', 'startDate', 'location'],
    recommended: [
      'description',
      'endDate',
      'eventStatus',
      'eventAttendanceMode',
      'image',
      'offers',
      'organizer',
      'performer',
    ],
    values: {
      name: text,
      startDate: date,
      endDate: date,
      image,
      eventStatus: oneOf(EVENT_STATUS, 'a schema.org event status'),
      eventAttendanceMode: oneOf(ATTENDANCE, 'a schema.org attendance mode'),
      organizer: party,
      performer: party,
    },
    nested: { offers: 'Offer' },
  },
  Recipe: {
    feature: 'Recipe',
    required: ['name', 'image'],
    recommended: [
      'author',
      'datePublished',
      'description',
      'recipeIngredient',
      'recipeInstructions',
      'recipeYield',
      'prepTime',
      'cookTime',
      'totalTime',
      'aggregateRating',
    ],
    values: {
      name: text,
      image,
      author: party,
      datePublished: date,
      prepTime: duration,
      cookTime: duration,
      totalTime: duration,
    },
    nested: { aggregateRating: 'AggregateRating', video: 'VideoObject' },
  },
  VideoObject: {
    feature: 'Video',
    required: ['name', 'thumbnailUrl', 'uploadDate'],
    recommended: ['description', 'contentUrl', 'embedUrl', 'duration'],
    values: {
      name: text,
      thumbnailUrl: image,
      uploadDate: date,
      contentUrl: url,
      embedUrl: url,
      duration,
    },
  },
  JobPosting: {
    feature: 'Job posting',
    required: [
      'title',
      'description',
      'datePosted',
      'hiringOrganization',
      ['jobLocation', 'applicantLocationRequirements'],
    ],
    recommended: ['validThrough', 'employmentType', 'baseSalary', 'identifier'],
    values: {
      title: text,
      description: text,
      datePosted: date,
      validThrough: date,
      hiringOrganization: party,
      employmentType: oneOf(EMPLOYMENT, 'a Google employment type'),
    },
  },
};

/** schema.org types that earn a rich result, mapped to their rule (subtypes share it). */
export const RULE_BY_TYPE: ReadonlyMap<string, RuleName> = new Map<string, RuleName>([
  ...(['Article', 'NewsArticle', 'BlogPosting'] as const).map((t) => [t, 'Article'] as const),
  ['Product', 'Product'],
  ['Offer', 'Offer'],
  ['AggregateOffer', 'AggregateOffer'],
  ['AggregateRating', 'AggregateRating'],
  ['Review', 'Review'],
  ['FAQPage', 'FAQPage'],
  ['BreadcrumbList', 'BreadcrumbList'],
  ...(
    [
      'Organization',
      'Corporation',
      'NGO',
      'OnlineBusiness',
      'OnlineStore',
      'NewsMediaOrganization',
      'EducationalOrganization',
    ] as const
  ).map((t) => [t, 'Organization'] as const),
  ...(
    [
      'LocalBusiness',
      'Restaurant',
      'Store',
      'Dentist',
      'MedicalBusiness',
      'AutoRepair',
      'Bakery',
      'BarOrPub',
      'CafeOrCoffeeShop',
      'FoodEstablishment',
      'Hotel',
      'LodgingBusiness',
      'HealthAndBeautyBusiness',
      'ProfessionalService',
      'RealEstateAgent',
      'LegalService',
    ] as const
  ).map((t) => [t, 'LocalBusiness'] as const),
  ...(
    [
      'Event',
      'MusicEvent',
      'SportsEvent',
      'BusinessEvent',
      'Festival',
      'TheaterEvent',
      'ExhibitionEvent',
      'EducationEvent',
      'SocialEvent',
      'ComedyEvent',
    ] as const
  ).map((t) => [t, 'Event'] as const),
  ['Recipe', 'Recipe'],
  ['VideoObject', 'VideoObject'],
  ['JobPosting', 'JobPosting'],
]);

/** Only these rules make a top-level item count as a rich result (nested-only ones do not). */
export const TOP_LEVEL_RULES: ReadonlySet<RuleName> = new Set(RULE_BY_TYPE.values());
