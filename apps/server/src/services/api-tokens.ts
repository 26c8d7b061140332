import { createHash } from 'node:crypto';
import { isUuid } from '@crawlwise/shared/api/contract';
import {
  API_TOKEN_PREFIX,
  type ApiTokenScope,
  type ApiTokenView,
  MAX_API_TOKENS_PER_ACCOUNT,
} from '@crawlwise/shared/api/tokens';
import { and, asc, eq, sql } from 'drizzle-orm';
import { col, type Database, inTransaction, queryRows } from '../db/database.ts';
import { apiTokens } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { newAccessToken } from './access-token.ts';

/**
 * API tokens (docs/api.md › Tokens): the owner of the api_tokens table. A secret is 256 random
 * bits behind a recognisable prefix, shown once; the table keeps only its SHA-256, so a copy of
 * the database lets nobody in.
 */

/** What a request with a valid bearer secret acts as. */
export interface TokenIdentity {
  tokenId: string;
  userId: string;
  scope: ApiTokenScope;
}

const SECRET_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** `last_used_at` is written at most this often per token (not a write per request). */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Advisory-lock namespace of token creation (others: 7_301 limits, 7_302 site checks). */
const TOKEN_LOCK_NAMESPACE = 7_303;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

type TokenRow = typeof apiTokens.$inferSelect;

const viewOf = (row: TokenRow): ApiTokenView => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export class ApiTokenService {
  /** When each token's `last_used_at` was last written by this process. */
  private readonly lastWritten = new Map<string, number>();

  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /** A new token; its secret is returned here and never again. */
  async create(
    userId: string,
    input: { name: string; scope: ApiTokenScope },
  ): Promise<{ token: ApiTokenView; secret: string }> {
    const secret = `${API_TOKEN_PREFIX}${newAccessToken()}`;
    // The account's creations take turns (a transaction-scoped advisory lock): on PostgreSQL
    // two at once would otherwise both count 19 and both insert.
    const rows = await inTransaction(this.db, async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${TOKEN_LOCK_NAMESPACE}, hashtext(${userId}))`,
      );
      return queryRows<{ id: string }>(
        tx,
        sql`insert into ${apiTokens} (${col(apiTokens.userId)}, ${col(apiTokens.name)},
              ${col(apiTokens.scope)}, ${col(apiTokens.secretHash)})
            select ${userId}, ${input.name}, ${input.scope}, ${hashOf(secret)}
            where (select count(*) from ${apiTokens} where ${apiTokens.userId} = ${userId})
                  < ${MAX_API_TOKENS_PER_ACCOUNT}
            returning ${col(apiTokens.id)} as id`,
      );
    });
    const id = rows[0]?.id;
    if (!id) throw new ApiError('token_limit_reached');
    const [row] = await this.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    if (!row) throw new Error(`api token ${id} vanished`);
    return { token: viewOf(row), secret };
  }

  async list(userId: string): Promise<ApiTokenView[]> {
    const rows = await this.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId))
      .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
    return rows.map(viewOf);
  }

  /** Revokes at once: the row goes, so the next request with the secret is refused. */
  async revoke(userId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw new ApiError('token_not_found');
    const deleted = await this.db
      .delete(apiTokens)
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
      .returning({ id: apiTokens.id });
    if (deleted.length === 0) throw new ApiError('token_not_found');
    this.lastWritten.delete(id);
  }

  /** The identity a bearer secret stands for, or null (unknown, revoked or malformed). */
  async authenticate(secret: string, now = Date.now()): Promise<TokenIdentity | null> {
    if (!SECRET_SHAPE.test(secret)) return null;
    const [row] = await this.db
      .select({ id: apiTokens.id, userId: apiTokens.userId, scope: apiTokens.scope })
      .from(apiTokens)
      .where(eq(apiTokens.secretHash, hashOf(secret)));
    if (!row) return null;
    if (now - (this.lastWritten.get(row.id) ?? 0) >= LAST_USED_RESOLUTION_MS) {
      this.lastWritten.set(row.id, now);
      await this.db
        .update(apiTokens)
        .set({ lastUsedAt: new Date(now) })
        .where(eq(apiTokens.id, row.id));
    }
    return { tokenId: row.id, userId: row.userId, scope: row.scope };
  }
}
