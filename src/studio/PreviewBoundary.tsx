import { Component, type ReactNode } from 'react';
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';

// A page that throws while drawing in the preview shows why, in the preview only: the editor and
// its draft stay. The next edit (a new resetKey) tries again.

interface Props {
  resetKey: string;
  children: ReactNode;
}

export class PreviewBoundary extends Component<Props, { error: Error | null; key: string }> {
  state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <MessageBar intent="error">
        <MessageBarBody>
          <MessageBarTitle>The preview could not draw this page</MessageBarTitle>
          {this.state.error.message}
        </MessageBarBody>
      </MessageBar>
    );
  }
}
