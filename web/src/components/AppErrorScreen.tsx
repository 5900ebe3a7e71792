import { Component, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { ERROR_TEXT, appErrorMessage } from './errorTexts';
import { reportError } from '../features/errors/showError';

// Plain colours on purpose: this screen must render even if the theme provider is what failed.
const Screen = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 1.5rem;
  background: #0f0b24;
  color: #f5f3ff;
  font-family: system-ui, sans-serif;
`;

const Card = styled.div`
  display: grid;
  gap: 1rem;
  justify-items: center;
  max-width: 460px;
  padding: 2.5rem 2rem;
  text-align: center;
  border-radius: 16px;
  border: 1px solid #3a3170;
  background: #1d173f;
`;

const Title = styled.h1`
  font-size: 1.75rem;
`;

const Message = styled.p`
  color: #b9b2e6;
`;

const Refresh = styled.button`
  padding: 0.7rem 1.4rem;
  border: none;
  border-radius: 10px;
  background: linear-gradient(135deg, #6366f1, #a855f7, #ec4899);
  color: #fff;
  font-weight: 700;
  cursor: pointer;
`;

/** The app-level error screen: the only way forward is a reload. */
export function AppErrorScreen() {
  return (
    <Screen>
      <Card role="alert">
        <Title>{ERROR_TEXT.appTitle}</Title>
        <Message>{appErrorMessage()}</Message>
        <Refresh type="button" onClick={() => window.location.reload()}>
          {ERROR_TEXT.appAction}
        </Refresh>
      </Card>
    </Screen>
  );
}

/** The outermost boundary, for failures outside the router (providers, the router itself). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(error, `app render${info.componentStack ?? ''}`);
  }

  override render() {
    return this.state.failed ? <AppErrorScreen /> : this.props.children;
  }
}
