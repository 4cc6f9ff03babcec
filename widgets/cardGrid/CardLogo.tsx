import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import useSWR from 'swr';
import { getPath, useEngineHost } from '../../engine';
import { serviceLogoUrl } from './cardText';

// A card's logo: the logo service's image for the website's domain, else the row's own logo URL,
// else the name's first letter. An image that fails to load (service down, unknown domain, a
// closed network) moves on to the next choice. The service's URL template comes from a call
// (the app configuration), fetched once and shared by every card.

const useStyles = makeStyles({
  box: {
    width: '40px',
    height: '40px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
  },
  img: { width: '100%', height: '100%', objectFit: 'contain' },
  letter: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, color: tokens.colorBrandForeground1 },
});

export function useLogoTemplate(service: { call: string; path: string } | undefined): string | null {
  const { api } = useEngineHost();
  const { data } = useSWR(service ? [service.call, '{}'] : null, () => api(service!.call, {}), { revalidateOnFocus: false });
  const template = service ? getPath(data, service.path) : null;
  return typeof template === 'string' ? template : null;
}

export function CardLogo({ name, domain, image, template }: { name: string; domain: string; image: string | null; template: string | null }) {
  const styles = useStyles();
  const choices = [serviceLogoUrl(template, domain), image].filter((u): u is string => !!u);
  const [failed, setFailed] = useState<string[]>([]);
  const src = choices.find((c) => !failed.includes(c));
  return (
    <span className={styles.box} data-testid="card-logo">
      {src ? (
        <img className={styles.img} src={src} alt="" onError={() => setFailed((f) => [...f, src])} />
      ) : (
        <span className={styles.letter} aria-hidden="true">{name.trim().charAt(0).toUpperCase() || '?'}</span>
      )}
    </span>
  );
}
