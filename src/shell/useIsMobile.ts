import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT_PX } from './constants';

const isNarrow = () => typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX;

/** True while the window is narrower than 768 px. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(isNarrow);
  useEffect(() => {
    const update = () => setMobile(isNarrow());
    window.addEventListener('resize', update);
    update();
    return () => window.removeEventListener('resize', update);
  }, []);
  return mobile;
}
