import { Button, Text, Title2 } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { CenteredPage } from '../ui/CenteredPage';
import { Logo } from '../ui/Logo';

/** Shown when the app config cannot be loaded; Retry reloads the page. */
export function FailedToLoadApp({ onRetry = () => window.location.reload() }: { onRetry?: () => void }) {
  return (
    <CenteredPage label="Failed to Load App">
      <Logo size={48} />
      <Title2 as="h1">Failed to Load App</Title2>
      <Text>We could not load the application configuration. Please check your connection and try again.</Text>
      <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={onRetry}>
        Retry
      </Button>
    </CenteredPage>
  );
}
