import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Text, Title2 } from '@fluentui/react-components';
import { openFeedback, reportError } from '../monitoring/sentry';
import { CenteredPage } from '../ui/CenteredPage';

interface State {
  error: Error | null;
}

/** Catches render errors anywhere below: 'Oops! Something went wrong' with recovery actions. */
export class ErrorBoundary extends Component<{ children: ReactNode; supportEmail?: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, { componentStack: info.componentStack });
  }

  render() {
    if (!this.state.error) return this.props.children;
    const supportEmail = this.props.supportEmail;
    return (
      <CenteredPage label="Oops! Something went wrong">
        <Title2 as="h1">Oops! Something went wrong</Title2>
        <Text>An unexpected error occurred. You can try again, reload the page, or tell us what happened.</Text>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button appearance="primary" onClick={() => this.setState({ error: null })}>
            Try Again
          </Button>
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
          <Button
            onClick={async () => {
              const opened = await openFeedback();
              if (!opened && supportEmail) {
                window.location.assign(`mailto:${supportEmail}?subject=${encodeURIComponent('Feedback: ' + this.state.error?.message)}`);
              }
            }}
          >
            Report Feedback
          </Button>
        </div>
      </CenteredPage>
    );
  }
}
