import { StatusScreen } from '../ui/StatusScreen';

/** '404 Not Found' with a way back; inside the app shell it is the screen, outside it the page. */
export function NotFound({ inShell = false }: { inShell?: boolean }) {
  return (
    <StatusScreen
      full={!inShell}
      title="404 Not Found"
      message="The page you are looking for does not exist or has moved."
      testId="not-found"
    />
  );
}
