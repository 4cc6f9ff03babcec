import { Spinner, Text } from '@fluentui/react-components';
import { CenteredPage } from '../ui/CenteredPage';
import { Logo } from '../ui/Logo';

export type StartupStep = 'config' | 'auth' | 'finalizing';

export const STARTUP_MESSAGES: Record<StartupStep, string> = {
  config: 'Loading configuration...',
  auth: 'Checking authentication...',
  finalizing: 'Finalizing...',
};

export function LoadingScreen({ step }: { step: StartupStep }) {
  return (
    <CenteredPage label="Loading">
      <Logo size={56} withName />
      <Spinner size="medium" />
      <Text role="status" aria-live="polite">
        {STARTUP_MESSAGES[step]}
      </Text>
    </CenteredPage>
  );
}
