/**
 * Record capabilities of the query workflow, granted by role (datainfo.do `capabilities`): the client draws a button
 * only for these. Apart from the query contract (./queries.ts re-exports them) so that the form page's registrations
 * (features/queries/queryAdornment.ts, pageQueryAction.ts) do not bring the contract and what it imports (issue 11).
 */
export const QUERY_CAPABILITIES = {
  view: 'query.view',
  create: 'query.create',
  reply: 'query.reply',
  forward: 'query.forward',
  close: 'query.close',
  review: 'query.review',
} as const;
