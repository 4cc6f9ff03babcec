import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, MessageBar, MessageBarBody, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { Navigate, useLocation, useNavigate, useSearchParams, type Location } from 'react-router-dom';
import { isApiError } from '../api/errors';
import { useSession } from '../session/SessionContext';
import { safeInternalPath } from '../session/loginUrl';
import { Logo } from '../ui/Logo';
import { ROUTES } from './routePaths';
import { preloadSignedIn } from './preload';
import { loadEnginePages, prefetchScreen } from './enginePages';
import { preferredBrandAmong } from '../session/selectedBrand';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '24px',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: { width: '100%', maxWidth: '400px', padding: '32px', gap: '16px' },
  form: { display: 'flex', flexDirection: 'column', gap: '16px' },
});

/** Where to go after signing in: the guarded page that sent us here, a redirectUrl, or home. */
export function useReturnTarget(): string {
  const location = useLocation();
  const [search] = useSearchParams();
  const from = (location.state as { from?: Location } | null)?.from;
  if (from?.pathname && from.pathname !== ROUTES.login) return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return safeInternalPath(search.get('redirectUrl')) ?? ROUTES.home;
}

export function LoginPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { user, signIn, selectBrand } = useSession();
  const target = useReturnTarget();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [search] = useSearchParams();
  // A form post that failed server-side comes back as /login?error=<message>.
  const [error, setError] = useState<string | null>(() => search.get('error'));
  const [busy, setBusy] = useState(false);

  if (user && !busy) return <Navigate to={target} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    // The shell and the engine download while the credentials are checked, and the screen being
    // opened starts its requests as soon as the user is known (not after it has rendered).
    preloadSignedIn(loadEnginePages);
    try {
      const signedIn = await signIn(email.trim(), password);
      if (signedIn) {
        const address = new URL(target, window.location.origin);
        const brand = preferredBrandAmong(signedIn.userBrands ?? [], address);
        if (brand) selectBrand(brand.id);
        prefetchScreen(address.pathname, signedIn, brand);
      }
      navigate(target, { replace: true });
    } catch (err) {
      setError(isApiError(err) || err instanceof Error ? err.message : 'Login failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <Logo size={40} withName />
        <Title2 as="h1">Log in</Title2>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          {error ? (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          ) : null}
          <Field label="Email" required>
            <Input type="email" autoComplete="email" value={email} onChange={(_e, d) => setEmail(d.value)} />
          </Field>
          <Field label="Password" required>
            <Input type="password" autoComplete="current-password" value={password} onChange={(_e, d) => setPassword(d.value)} />
          </Field>
          <Button appearance="primary" type="submit" disabled={busy || !email || !password} icon={busy ? <Spinner size="tiny" /> : undefined}>
            Log in
          </Button>
        </form>
      </Card>
    </main>
  );
}
