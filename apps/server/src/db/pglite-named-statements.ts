import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

/**
 * Named prepared statements on the embedded database, which PGlite's own `query` does not keep:
 * it sends every query as the unnamed statement, so PostgreSQL parses and plans it again on each
 * run. For the crawl's queue statements that was most of the database's time a page — the
 * site-page claim alone 5.6 ms a claim on the main thread, 59 % of it in Bind, where an unnamed
 * statement is planned (stop 53's measurement, docs/site-checks.md). A statement parsed once
 * under a name is planned at Bind for its first few runs only, then PostgreSQL keeps a generic
 * plan, as it does on node-postgres's named statements.
 *
 * The messages go through `execProtocolStream`, one call to prepare (Parse, Describe, Sync) and one
 * to run (Bind, Describe, Execute, Sync) instead of PGlite's six — the streaming call, as PGlite's
 * `query` uses, parses the answer as it comes instead of also copying it whole into a buffer
 * (a build's read of a 10,000-page crawl is tens of MB); values are serialised and rows
 * parsed as PGlite's `query` does (its serializers by the parameter types PostgreSQL described,
 * its parsers with the caller's). Calls take PGlite's own locks as `query` does, so they keep their
 * place among the client's other queries and transactions.
 */

/** PGlite's locks and the connection's state, as its `query` and `transaction` use them. */
interface PgliteLocks {
  /** Throws "PGlite is closing" / "PGlite is closed", or waits for the client to be ready. */
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * How a statement is planned: `generic` lets PostgreSQL keep a generic plan after five runs (its
 * default); `custom` plans each run with its values — for a statement whose best plan depends on
 * them, such as the length of a list it unnests (measured: the crawl's links insert ran in 5.5 ms
 * a page with a generic plan against 3.0 ms with a plan of each page's lists).
 */
export type StatementPlan = 'generic' | 'custom';

/** What a caller inside one of the client's transactions holds: the transaction lock. */
export type StatementScope = 'outside-transaction' | 'in-transaction';

export class PgliteNamedStatements {
  /** The statements prepared on the connection, by name: their parameters' type ids. */
  private readonly prepared = new Map<string, number[]>();

  constructor(
    private readonly client: PGlite,
    /** Awaited before a call outside a transaction takes the connection (the loop's turn). */
    private readonly beforeOutsideCall: () => Promise<void> = async () => {},
  ) {}

  /**
   * Runs `text` as the statement `name` (prepared on its first run), with `params`. The same name
   * must always carry the same text (a hash of it, as database.ts names them).
   */
  async query<T>(
    scope: StatementScope,
    name: string,
    text: string,
    params: readonly unknown[],
    options?: QueryOptions,
    plan: StatementPlan = 'generic',
  ): Promise<Results<T>> {
    const locks = this.client as unknown as PgliteLocks;
    const run = () =>
      locks._runExclusiveQuery(() => this.run<T>(name, text, params, options, plan));
    if (scope === 'in-transaction') return run();
    await this.beforeOutsideCall();
    await locks._checkReady();
    const results = await locks._runExclusiveTransaction(run);
    await this.client.syncToFs();
    return results;
  }

  private async run<T>(
    name: string,
    text: string,
    params: readonly unknown[],
    options: QueryOptions | undefined,
    plan: StatementPlan,
  ): Promise<Results<T>> {
    const { serialize } = protocol;
    try {
      const types = this.prepared.get(name) ?? (await this.prepare(name, text));
      const values = params.map((value, index) => this.serialized(value, types[index], options));
      const custom = plan === 'custom';
      const messages = await this.client.execProtocolStream(
        joined([
          // The plan is chosen at Bind from plan_cache_mode as it is then. Set around the run in
          // the same call: a Bind that fails skips to the Sync, and the reset after it still
          // runs (in a transaction that failed, its rollback undoes the set).
          ...(custom ? [serialize.query(`set plan_cache_mode = force_custom_plan`)] : []),
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
          ...(custom ? [serialize.query(`reset plan_cache_mode`)] : []),
        ]),
        { syncToFs: false },
      );
      // One result per completed command: the set's, then the statement's.
      const results = parse.parseResults(
        messages,
        parsersOfFields(messages, this.client.parsers, options?.parsers) as DefaultParsers,
        { rowMode: options?.rowMode },
      );
      return results[custom ? 1 : 0] as Results<T>;
    } catch (error) {
      throw withQuery(error, text, params);
    }
  }

  private async prepare(name: string, text: string): Promise<number[]> {
    const { serialize } = protocol;
    const messages = await this.client.execProtocolStream(
      joined([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    // Kept only once PostgreSQL accepted it: a failed Parse leaves no statement behind.
    const types = parse.parseDescribeStatementResults(messages);
    this.prepared.set(name, types);
    return types;
  }

  /** A value as PGlite's `query` sends it: null, or text by the parameter's type. */
  private serialized(
    value: unknown,
    typeId: number | undefined,
    options: QueryOptions | undefined,
  ): string | null {
    if (value === null || value === undefined) return null;
    const serializer =
      typeId === undefined
        ? undefined
        : (options?.serializers?.[typeId] ?? this.client.serializers[typeId]);
    return serializer ? (serializer(value) as string) : String(value);
  }
}

type Parsers = NonNullable<QueryOptions['parsers']>;
/** The same table as parseResults types its first one (a record, string keys allowed). */
type DefaultParsers = Parameters<typeof parse.parseResults>[1];

/**
 * The parsers of the columns these results have: the caller's for a type, else the client's — as
 * PGlite's `parseResults` picks them from the two merged. Given the caller's, it merges them by
 * spreading the client's whole table (318 types, most of them arrays) into a new object on every
 * call: 76 µs a call, against 2.7 µs for the rest of a one-row result (measured on this
 * machine), and three named statements a crawled page. The few types these results name are
 * picked instead; a type with neither falls back to PGlite's defaults, as it does there.
 */
export function parsersOfFields(
  messages: readonly object[],
  clientParsers: Parsers,
  callerParsers: Parsers | undefined,
): Parsers {
  const picked: Parsers = {};
  for (const message of messages) {
    if ((message as { name?: string }).name !== 'rowDescription') continue;
    for (const { dataTypeID } of (message as { fields: { dataTypeID: number }[] }).fields) {
      const parser = callerParsers?.[dataTypeID] ?? clientParsers[dataTypeID];
      if (parser) picked[dataTypeID] = parser;
    }
  }
  return picked;
}

/** Several protocol messages as one buffer, run in one call. */
function joined(messages: readonly Uint8Array[]): Uint8Array {
  const total = messages.reduce((sum, message) => sum + message.length, 0);
  const buffer = new Uint8Array(total);
  let at = 0;
  for (const message of messages) {
    buffer.set(message, at);
    at += message.length;
  }
  return buffer;
}

/** PostgreSQL's error with the statement that raised it, as PGlite's `query` reports it. */
function withQuery(error: unknown, text: string, params: readonly unknown[]): unknown {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    Object.assign(error, { query: text, params });
  }
  return error;
}
