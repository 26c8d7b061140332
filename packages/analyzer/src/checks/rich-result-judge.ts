import {
  isObject,
  type JsonObject,
  RULE_BY_TYPE,
  RULES,
  type RuleName,
} from './rich-result-rules.ts';

/**
 * Judges one JSON-LD item against the rule of its type (rich-result-rules.ts), descending into
 * nested entities (a Product's offers, a FAQPage's questions). Properties are named by their path
 * from the item: `offers[1].priceCurrency`, `mainEntity[0].acceptedAnswer.text`.
 */

export interface MissingProperty {
  /** Path of the property to add; for "one of", the first choice. */
  path: string;
  /** How the finding names it: `offers.priceCurrency`, `offers, review or aggregateRating`. */
  label: string;
}

export interface InvalidValue {
  property: string;
  /** The value as written, shortened. */
  value: string;
  problem: string;
}

export interface Judgement {
  missingRequired: MissingProperty[];
  missingRecommended: MissingProperty[];
  invalid: InvalidValue[];
}

/** Nested entities are followed this deep; real markup needs 3 (FAQPage → Question → Answer). */
const MAX_DEPTH = 4;
const SHOWN_VALUE = 80;

/** Resolves `{"@id": ...}` references to the node of the page with that @id. */
export type Resolve = (value: unknown) => unknown;

const present = (value: unknown): boolean =>
  value !== undefined &&
  value !== null &&
  !(typeof value === 'string' && value.trim() === '') &&
  !(Array.isArray(value) && value.length === 0);

const entries = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > SHOWN_VALUE ? `${text.slice(0, SHOWN_VALUE - 1)}…` : text;
}

function labelOf(names: readonly string[], prefix: string): string {
  const full = names.map((name) => `${prefix}${name}`);
  return full.length === 1 ? full[0]! : `${full.slice(0, -1).join(', ')} or ${full.at(-1)}`;
}

/** The rule a nested entity's own @type names, if any. */
function ownRule(item: JsonObject): RuleName | undefined {
  const own = item['@type'];
  const types = typeof own === 'string' ? [own] : Array.isArray(own) ? own : [];
  for (const type of types) {
    const rule = typeof type === 'string' ? RULE_BY_TYPE.get(type) : undefined;
    if (rule) return rule;
  }
  return undefined;
}

function judgeInto(
  item: JsonObject,
  ruleName: RuleName,
  standalone: boolean,
  prefix: string,
  resolve: Resolve,
  out: Judgement,
  depth: number,
): void {
  const rule = RULES[ruleName];
  const required = [...rule.required, ...(standalone ? (rule.requiredStandalone ?? []) : [])];
  for (const requirement of required) {
    const names = typeof requirement === 'string' ? [requirement] : requirement;
    if (!names.some((name) => present(item[name]))) {
      out.missingRequired.push({ path: `${prefix}${names[0]}`, label: labelOf(names, prefix) });
    }
  }
  for (const name of rule.recommended) {
    if (!present(item[name])) {
      out.missingRecommended.push({ path: `${prefix}${name}`, label: `${prefix}${name}` });
    }
  }
  for (const [name, validate] of Object.entries(rule.values ?? {})) {
    if (!present(item[name])) continue;
    const list = entries(item[name]);
    list.forEach((value, index) => {
      const problem = validate(value);
      if (problem === null) return;
      const property = `${prefix}${name}${Array.isArray(item[name]) ? `[${index}]` : ''}`;
      out.invalid.push({ property, value: shown(value), problem });
    });
  }
  for (const { property, problem } of rule.consistency?.(item) ?? []) {
    out.invalid.push({ property: `${prefix}${property}`, value: shown(item[property]), problem });
  }
  if (depth >= MAX_DEPTH) return;
  for (const [name, nestedRule] of Object.entries(rule.nested ?? {})) {
    if (!present(item[name])) continue;
    const list = entries(item[name]);
    list.forEach((raw, index) => {
      const path = `${prefix}${name}${Array.isArray(item[name]) ? `[${index}]` : ''}`;
      const value = resolve(raw);
      if (!isObject(value)) {
        out.invalid.push({
          property: path,
          value: shown(raw),
          problem: `must be a ${nestedRule} object`,
        });
        return;
      }
      judgeInto(value, ownRule(value) ?? nestedRule, false, `${path}.`, resolve, out, depth + 1);
    });
  }
}

export function judgeItem(
  item: JsonObject,
  ruleName: RuleName,
  standalone: boolean,
  resolve: Resolve,
): Judgement {
  const out: Judgement = { missingRequired: [], missingRecommended: [], invalid: [] };
  judgeInto(item, ruleName, standalone, '', resolve, out, 0);
  return out;
}
