import type { ComparisonResponse } from '@crawlwise/shared/report-compare';
import { apiRequest } from '../../../lib/api-client.ts';

export type {
  CategoryDelta,
  CrawlerChange,
  FindingChange,
  FindingSide,
  ReportComparison,
} from '@crawlwise/shared/report-compare';

/** GET /api/compare?a=&b=: two reports of one page compared, as this reader may see them. */
export function getComparison(a: string, b: string, signal?: AbortSignal) {
  return apiRequest<ComparisonResponse>(
    `/api/compare?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`,
    { signal },
  );
}
