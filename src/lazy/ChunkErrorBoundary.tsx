import { Component, type ReactNode } from 'react';
import { ChunkLoadFailed } from '../../renderers/ChunkLoadFailed';
import { isChunkLoadError, type ChunkLoadError } from './loadChunk';

interface ChunkErrorBoundaryProps {
  onChunkError(error: ChunkLoadError): void;
  onRetry(): void;
  children?: ReactNode;
}

interface ChunkErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * Catches a page whose code did not load and shows 'loading failed' with a retry. Any other error goes on to the
 * route's error element.
 */
export class ChunkErrorBoundary extends Component<ChunkErrorBoundaryProps, ChunkErrorBoundaryState> {
  override state: ChunkErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ChunkErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown): void {
    if (isChunkLoadError(error)) this.props.onChunkError(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (!isChunkLoadError(this.state.error)) throw this.state.error;
    return <ChunkLoadFailed onRetry={this.props.onRetry} />;
  }
}
