export { AsyncView, type AsyncViewProps } from './AsyncView';
export { isRefusal, useAsync, type AsyncState, type AsyncStatus } from './useAsync';
export { useEndpoint, type UseEndpointOptions } from './useEndpoint';
export { stableKey } from './stableKey';
