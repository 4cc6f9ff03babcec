import { useState } from 'react';
import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import { BILLING_SETTINGS_ROUTE, PROMO_DISMISSED_STORAGE_KEY } from './constants';

const useStyles = makeStyles({
  card: { position: 'relative', backgroundColor: tokens.colorBrandBackground2, gap: '8px' },
  close: { position: 'absolute', top: '4px', right: '4px' },
  title: { fontWeight: tokens.fontWeightSemibold, paddingRight: '24px' },
});

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(PROMO_DISMISSED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The dismissible enterprise promo at the foot of the sidebar; a dismissal is remembered. */
export function PromoCard({ onNavigate }: { onNavigate?: () => void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(PROMO_DISMISSED_STORAGE_KEY, 'true');
    } catch {
      // Not persisted; hidden for this page view.
    }
    setDismissed(true);
  };

  return (
    <Card className={styles.card} size="small" appearance="filled-alternative">
      <Button className={styles.close} appearance="transparent" size="small" icon={<DismissRegular />} aria-label="Dismiss" onClick={dismiss} />
      <Text className={styles.title}>Upgrade to Enterprise Account!</Text>
      <Text size={200}>Increase your sales by using special features of Enterprise Membership.</Text>
      <Button
        appearance="primary"
        size="small"
        onClick={() => {
          navigate(BILLING_SETTINGS_ROUTE);
          onNavigate?.();
        }}
      >
        Upgrade
      </Button>
    </Card>
  );
}
