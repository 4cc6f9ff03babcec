import { Spinner } from '@fluentui/react-components';

/** In-page loading state while a lazily loaded section arrives. */
export function PageLoading() {
  return (
    <div style={{ padding: 48, display: 'flex', justifyContent: 'center' }}>
      <Spinner label="Loading..." />
    </div>
  );
}
