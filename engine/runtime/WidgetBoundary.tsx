import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { DEFAULT_COPY } from './states';
import { ErrorState } from './WidgetStates';

interface Props {
  /** The widget's error copy (its `states`), shown in place of the widget. */
  copy: (typeof DEFAULT_COPY)['error'];
  /** Retry: the host remounts the widget (fresh code load, revalidated data). */
  onRetry: () => void;
  onError: (error: unknown, componentStack: string | null | undefined) => void;
  children: ReactNode;
}

/**
 * Catches what a widget throws while rendering (its code failing to load when the server is
 * unreachable, a component error) and shows that widget's error copy with Retry in its place: one
 * failing widget never takes the page or the shell down.
 */
export class WidgetBoundary extends Component<Props, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Widget failed') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError(error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return <ErrorState copy={this.props.copy} onRetry={this.props.onRetry} />;
  }
}
