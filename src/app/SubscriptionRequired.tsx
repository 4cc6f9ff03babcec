import { Button, Text, Title2 } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import { supportEmailFrom } from '../session/supportEmail';
import { BILLING_SETTINGS_ROUTE } from '../shell/constants';

export function SubscriptionRequired() {
  const navigate = useNavigate();
  const { config } = useSession();
  return (
    <section style={{ padding: 32, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 16, textAlign: 'center' }}>
      <LockClosedRegular fontSize={48} aria-hidden />
      <Title2 as="h1">Subscription Required</Title2>
      <Text>An active subscription is needed to view this section. Reactivate your plan or contact support for help.</Text>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button as="a" href={`mailto:${supportEmailFrom(config)}`}>
          Contact Support
        </Button>
        <Button appearance="primary" onClick={() => navigate(BILLING_SETTINGS_ROUTE)}>
          Billing Center
        </Button>
      </div>
    </section>
  );
}
