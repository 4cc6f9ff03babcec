import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * The card every framed widget sits in, its title and its header row. Exported so a kind that
 * draws its own card (a form standing on a page) looks exactly like the ones the host frames.
 */
export const useCardStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    height: '100%',
    boxSizing: 'border-box',
    minWidth: 0,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});
