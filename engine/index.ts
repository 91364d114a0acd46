/**
 * Public surface of the engine: what client and server share, the request client, session rules, access guard, and
 * list metadata (search fields, columns, field types, the list query model).
 */
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
export * from './metadata/types';
export * from './metadata/metaText';
export * from './metadata/codeOptions';
export * from './metadata/parseSearchFields';
export * from './metadata/parseColumns';
export * from './fieldTypes/types';
export * from './fieldTypes/dates';
export * from './fieldTypes/registry';
export * from './fieldTypes/textTypes';
export * from './fieldTypes/dateTypes';
export * from './fieldTypes/choiceTypes';
export * from './grid/types';
export * from './grid/columnToColDef';
export * from './list/types';
export * from './list/listQuery';
export * from './list/codeListCache';
export * from './list/searchItems';
export * from './timing/debounce';
