import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@fluentui/react-components';
import { useLocation } from 'react-router-dom';
import { reportError } from '../monitoring/sentry';
import { StatusScreen } from '../ui/StatusScreen';

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Screen failed') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, { where: 'screen', componentStack: info.componentStack });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <StatusScreen
        title="Oops! Something went wrong"
        message="This screen could not be shown. You can try again or go back to the overview."
        actions={<Button appearance="secondary" onClick={() => this.setState({ error: null })}>Try Again</Button>}
        testId="screen-error"
      />
    );
  }
}

/** A screen that fails to render shows its error in the content area: the sidebar and top bar
 * stay, and opening another screen starts afresh (the boundary is keyed by the path). */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
