import { Component, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { NoticePanel } from './NoticePanel';
import { ERROR_TEXT, sectionErrorMessage } from './errorTexts';
import { toAppError } from '../api/errors';
import { retryFailedLoads } from '../app/retryableLazy';
import { reportError } from '../features/errors/showError';

const Title = styled.h2`
  font-size: 1.35rem;
`;

const Message = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The section-level error panel: the error, and a way to try the section again. */
export function ErrorPanel({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <NoticePanel as="div" $tone="danger" role="alert">
      <Title>{ERROR_TEXT.sectionTitle}</Title>
      <Message>{sectionErrorMessage(error)}</Message>
      <Button $variant="secondary" onClick={onRetry}>
        {ERROR_TEXT.sectionAction}
      </Button>
    </NoticePanel>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Changing this (e.g. the path) clears a shown error, so navigating away recovers. */
  resetKey?: unknown;
}

interface BoundaryState {
  error: unknown;
  resetKey: unknown;
}

/**
 * Catches a render error in one section of the page and shows the error panel in its place. Code
 * that failed to load is asked again on 'Try again' and on navigation, and a section that failed
 * for want of a connection tries again by itself when the connection comes back.
 */
export class SectionErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  private readonly retry = () => {
    retryFailedLoads();
    this.setState({ error: null });
  };

  private readonly retryOnReconnect = () => {
    if (this.state.error && toAppError(this.state.error).code === 'NETWORK_ERROR') this.retry();
  };

  override componentDidMount() {
    window.addEventListener('online', this.retryOnReconnect);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    // A new screen: whatever failed to load before may be asked again when it is next shown.
    if (previous.resetKey !== this.props.resetKey) retryFailedLoads();
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retryOnReconnect);
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error() };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(error, `section render${info.componentStack ?? ''}`);
  }

  override render() {
    if (this.state.error) return <ErrorPanel error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}
