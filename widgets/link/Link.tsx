import { Link as RouterLink } from 'react-router-dom';
import { makeStyles, tokens } from '@fluentui/react-components';
import { type WidgetProps, useTemplate } from '../../engine';
import type { LinkConfig } from './config.generated';

const useStyles = makeStyles({
  link: { color: tokens.colorBrandForegroundLink, fontWeight: tokens.fontWeightSemibold, textDecorationLine: 'none', ':hover': { textDecorationLine: 'underline' } },
});

export default function Link({ config }: WidgetProps<LinkConfig>) {
  const styles = useStyles();
  const fill = useTemplate(config);
  return (
    <RouterLink className={styles.link} to={fill(config.to)}>
      {fill(config.label)}
    </RouterLink>
  );
}
