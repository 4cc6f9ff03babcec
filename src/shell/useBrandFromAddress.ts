import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../session/SessionContext';
import { BRAND_PARAM } from '../session/selectedBrand';

/**
 * `?brand=<id>` on an /app address (links in alert emails) selects that brand when it is one of the
 * user's, and is ignored otherwise. The parameter is then dropped from the address, so that a
 * later reload keeps the brand chosen since.
 */
export function useBrandFromAddress(): void {
  const [params, setParams] = useSearchParams();
  const { brands, selectedBrand, selectBrand } = useSession();
  const asked = params.get(BRAND_PARAM);
  useEffect(() => {
    if (asked === null) return;
    if (brands.some((b) => b.id === asked) && selectedBrand?.id !== asked) selectBrand(asked);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(BRAND_PARAM);
        return next;
      },
      { replace: true },
    );
    // Once per address asking for a brand.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
}
