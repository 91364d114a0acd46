/** Public surface of the engine: what client and server share, the request client, session rules and access guard. */
export * from './api/protocol';
export * from './http/cookies';
export * from './http/requestError';
export * from './http/tokenStore';
export * from './http/buildRequest';
export * from './http/logoutController';
export * from './http/createApiClient';
export * from './http/clientErrorReporter';
export * from './session/expireTypes';
export * from './session/storageKeys';
export * from './session/clearSession';
export * from './session/loginInfo';
export * from './session/version';
export * from './session/sessionMonitor';
export * from './access/accessGuard';
