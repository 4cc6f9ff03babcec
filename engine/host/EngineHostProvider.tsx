import { createContext, useContext, type ReactNode } from 'react';
import type { EngineHost } from './types';

const EngineHostContext = createContext<EngineHost | null>(null);

/** Supplies the host's services to every page and widget below it. */
export function EngineHostProvider({ host, children }: { host: EngineHost; children: ReactNode }) {
  return <EngineHostContext.Provider value={host}>{children}</EngineHostContext.Provider>;
}

export function useEngineHost(): EngineHost {
  const host = useContext(EngineHostContext);
  if (!host) throw new Error('No engine host: did you forget to wrap the pages in <EngineHostProvider host={…}>?');
  return host;
}
