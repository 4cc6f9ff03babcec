import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { SessionProvider } from '../session/SessionProvider.js';
import { DEFAULT_SUPPORT_EMAIL } from '../session/supportEmail.js';
import { ThemeProvider } from '../theme/ThemeProvider.js';
import { AppRoutes } from './AppRoutes.js';
import { ErrorBoundary } from './ErrorBoundary.js';

export function App() {
  return (
    <StrictMode>
      <ThemeProvider>
        <ErrorBoundary supportEmail={DEFAULT_SUPPORT_EMAIL}>
          <BrowserRouter>
            <SessionProvider>
              <AppRoutes />
            </SessionProvider>
          </BrowserRouter>
        </ErrorBoundary>
      </ThemeProvider>
    </StrictMode>
  );
}
