import { Text, Title2 } from '@fluentui/react-components';

/** Stand-in for a route whose screen is not built yet. */
export function Placeholder({ title }: { title: string }) {
  return (
    <section style={{ padding: 24 }} data-testid="placeholder">
      <Title2 as="h1" block>
        {title}
      </Title2>
      <Text as="p" block>
        This screen is coming soon.
      </Text>
    </section>
  );
}
