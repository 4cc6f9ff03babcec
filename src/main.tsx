import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initErrorReporting } from './monitoring/sentry';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(<App />);

// Error reporting loads after the first paint so it never delays the first screen.
const idle = (window as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback;
if (idle) idle(() => void initErrorReporting());
else setTimeout(() => void initErrorReporting(), 1000);
