import { isText } from 'domhandler';
import { type Document, elementsByTag, isInside } from '../page/dom.ts';
import { isObject, type JsonObject, schemaName } from './rich-result-rules.ts';

/**
 * The JSON-LD nodes of a document: every top-level item of every `<script
 * type="application/ld+json">` that parses (a block that does not is `structured-data`'s
 * finding), with top-level arrays and `@graph` containers unwrapped. Scripts inside `<template>`
 * are inert and skipped.
 */

export interface JsonLdNode {
  /** 1-based position of the script among the document's JSON-LD scripts. */
  block: number;
  /** Where the node sits in its block: '' for the block itself, '@graph[2]', '[1]'. */
  path: string;
  node: JsonObject;
  /** The node's @context, or the one it inherits from its @graph container. */
  context: unknown;
}

export interface JsonLdNodes {
  /** JSON-LD scripts in the document, parsable or not. */
  blocks: number;
  nodes: JsonLdNode[];
}

function unwrap(
  data: unknown,
  block: number,
  path: string,
  inherited: unknown,
  out: JsonLdNode[],
): void {
  if (Array.isArray(data)) {
    data.forEach((item, index) => {
      unwrap(item, block, `${path}[${index}]`, inherited, out);
    });
    return;
  }
  if (!isObject(data)) return;
  const context = data['@context'] ?? inherited;
  if (Array.isArray(data['@graph'])) {
    data['@graph'].forEach((item, index) => {
      unwrap(item, block, `${path}@graph[${index}]`, context, out);
    });
    return;
  }
  out.push({ block, path, node: data, context });
}

/** Per document: several checks read the JSON-LD, which is parsed once. */
const parsed = new WeakMap<Document, JsonLdNodes>();

/** The document's JSON-LD nodes, parsed on first use; callers must not modify them. */
export function jsonLdNodes(doc: Document): JsonLdNodes {
  let nodes = parsed.get(doc);
  if (nodes === undefined) {
    nodes = parseJsonLd(doc);
    parsed.set(doc, nodes);
  }
  return nodes;
}

function parseJsonLd(doc: Document): JsonLdNodes {
  const scripts = elementsByTag(doc, 'script').filter(
    (el) =>
      (el.attribs.type ?? '').trim().toLowerCase() === 'application/ld+json' &&
      !isInside(doc, el, 'template'),
  );
  const nodes: JsonLdNode[] = [];
  scripts.forEach((el, index) => {
    const raw = el.children
      .filter(isText)
      .map((node) => node.data)
      .join('');
    try {
      unwrap(JSON.parse(raw), index + 1, '', undefined, nodes);
    } catch {
      // Not JSON: structured-data reports it.
    }
  });
  return { blocks: scripts.length, nodes };
}

/** The node's @type values without their schema.org prefix. */
export function typesOf(node: JsonObject): string[] {
  const own = node['@type'];
  const list = typeof own === 'string' ? [own] : Array.isArray(own) ? own : [];
  return list.filter((t): t is string => typeof t === 'string').map(schemaName);
}
