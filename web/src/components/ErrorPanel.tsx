import { Component, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { NoticePanel } from './NoticePanel';
import { ERROR_TEXT, sectionErrorMessage } from './errorTexts';
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

/** Catches a render error in one section of the page and shows the error panel in its place. */
export class SectionErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

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
    if (this.state.error) return <ErrorPanel error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
