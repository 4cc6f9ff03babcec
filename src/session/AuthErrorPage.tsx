import { Button, Text, Title2 } from '@fluentui/react-components';
import type { ApiError } from '../api/errors';
import { CenteredPage } from '../ui/CenteredPage';
import { Logo } from '../ui/Logo';

export type AuthErrorKind = 'ACCOUNT_DEACTIVATED' | 'SERVER_ERROR' | 'NETWORK_ERROR' | 'UNKNOWN_ERROR';

const TITLES: Record<AuthErrorKind, string> = {
  ACCOUNT_DEACTIVATED: 'Account Deactivated',
  SERVER_ERROR: 'Server Error',
  NETWORK_ERROR: 'Connection Error',
  UNKNOWN_ERROR: 'Something went wrong',
};

export function authErrorKind(error: ApiError): AuthErrorKind {
  if (error.code === 'ACCOUNT_DEACTIVATED') return 'ACCOUNT_DEACTIVATED';
  if (error.code === 'NETWORK_ERROR' || error.status === 0) return 'NETWORK_ERROR';
  if (error.status >= 500) return 'SERVER_ERROR';
  return 'UNKNOWN_ERROR';
}

export interface AuthErrorPageProps {
  error: ApiError;
  supportEmail: string;
  onRetry: () => void;
  onDismiss: () => void;
  /** Where a deactivated account can be reactivated, when the server offers it. */
  reactivateUrl?: string;
}

/** The session could not be loaded for a reason other than "not signed in". */
export function AuthErrorPage({ error, supportEmail, onRetry, onDismiss, reactivateUrl }: AuthErrorPageProps) {
  const kind = authErrorKind(error);
  return (
    <CenteredPage label={TITLES[kind]}>
      <Logo size={48} />
      <Title2 as="h1">{TITLES[kind]}</Title2>
      <Text>{error.message}</Text>
      {error.action ? <Text>{error.action}</Text> : null}
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
        {error.retryable ? (
          <Button appearance="primary" onClick={onRetry}>
            Try Again
          </Button>
        ) : null}
        {kind === 'ACCOUNT_DEACTIVATED' && reactivateUrl ? (
          <Button appearance="primary" as="a" href={reactivateUrl}>
            Reactivate Account
          </Button>
        ) : null}
        {kind === 'ACCOUNT_DEACTIVATED' && !reactivateUrl ? (
          <Button appearance="primary" as="a" href={`mailto:${supportEmail}`}>
            Contact Support
          </Button>
        ) : null}
        <Button onClick={onDismiss}>Dismiss</Button>
      </div>
    </CenteredPage>
  );
}
