import { Button, Caption1, Link, Text, Title2 } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import { supportEmailFrom } from '../session/supportEmail';
import { CenteredPage } from '../ui/CenteredPage';
import { errorPageContent, parseErrorQuery } from './errorPageContent';
import { ROUTES } from './routePaths';

/** /error?code=&message= — a full-page explanation with support and sign-out actions. */
export function ErrorPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { config, logout } = useSession();
  const { code, message } = parseErrorQuery(search);
  const content = errorPageContent(code, message);
  const supportEmail = supportEmailFrom(config);

  return (
    <CenteredPage label={content.title}>
      <ErrorCircleRegular fontSize={48} aria-hidden />
      <Title2 as="h1">{content.title}</Title2>
      <Text>{content.description}</Text>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
        {content.action === 'retry' ? (
          <Button appearance="primary" onClick={() => navigate(-1)}>
            Try Again
          </Button>
        ) : null}
        {content.action === 'login' ? (
          <Button appearance="primary" onClick={() => navigate(ROUTES.login)}>
            Log In
          </Button>
        ) : null}
        <Button onClick={() => logout(`${window.location.origin}${ROUTES.login}`)}>Logout and Try Again</Button>
      </div>
      <Link href={`mailto:${supportEmail}`}>Contact Support</Link>
      <footer>
        <Caption1>
          Error code: {code} · {message}
        </Caption1>
      </footer>
    </CenteredPage>
  );
}
