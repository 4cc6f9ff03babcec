import { makeStyles } from '@fluentui/react-components';

// Fixed grid columns per screen width (Griffel needs every class written out): base applies to
// all widths, small from 640 px up to large, large from 1024 px. The small range ends where large
// begins, so the two never compete (Griffel does not promise the order of media rules).
const cols = (n: number) => ({ gridTemplateColumns: `repeat(${n}, minmax(0, 1fr))` });
const SMALL = '@media (min-width: 640px) and (max-width: 1023.98px)';
const LARGE = '@media (min-width: 1024px)';

export const useColumnStyles = makeStyles({
  base1: cols(1),
  base2: cols(2),
  base3: cols(3),
  base4: cols(4),
  small1: { [SMALL]: cols(1) },
  small2: { [SMALL]: cols(2) },
  small3: { [SMALL]: cols(3) },
  small4: { [SMALL]: cols(4) },
  large1: { [LARGE]: cols(1) },
  large2: { [LARGE]: cols(2) },
  large3: { [LARGE]: cols(3) },
  large4: { [LARGE]: cols(4) },
});
