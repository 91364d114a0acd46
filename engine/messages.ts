/**
 * Message ids the engine emits in notices. Their texts live in the app's catalogues (src/i18n/zh_CN.json, en.json);
 * a test checks that each id here exists in both.
 */
export const MSG = {
  paramError: 'request.paramError',
  serverError: 'request.serverError',
  forbidden: 'request.forbidden',
  tooManyRequests: 'request.tooManyRequests',
  timeout: 'request.timeout',
  network: 'request.network',
  backAddressMissing: 'request.backAddressMissing',
  malformedResponse: 'request.malformedResponse',
  chunkLoadFailed: 'app.chunkLoadFailed',
  /** Forced logout with an expire type: `logout.expire.<code>` (see session/expireTypes.ts). */
  expirePrefix: 'logout.expire.',
} as const;
