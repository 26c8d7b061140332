/** The history feature's public surface: the page-history request the report screen also makes. */
export { getPageHistory } from './api/get-page-history.ts';
