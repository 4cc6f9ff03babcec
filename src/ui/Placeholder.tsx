import { StatusScreen } from './StatusScreen';

/** Stand-in for a route whose screen is not built yet. */
export function Placeholder({ title }: { title: string }) {
  return <StatusScreen title={title} message="This screen is coming soon." testId="placeholder" />;
}
