import { Text as FluentText, makeStyles, tokens } from '@fluentui/react-components';
import { type WidgetProps, useTemplate } from '../../engine';
import type { TextConfig } from './config.generated';

// Display copy with {name} placeholders from `values` (optionally formatted through `formats`).

const useStyles = makeStyles({ caption: { color: tokens.colorNeutralForeground3 } });

export default function Text({ config }: WidgetProps<TextConfig>) {
  const styles = useStyles();
  const fill = useTemplate(config);
  const variant = config.variant ?? 'body';
  return (
    <FluentText as="p" size={variant === 'subtitle' ? 400 : variant === 'caption' ? 200 : 300} className={variant === 'caption' ? styles.caption : undefined} style={{ margin: 0 }}>
      {fill(config.text)}
    </FluentText>
  );
}
