import { useEffect, useState } from 'react';

/** While active, each message in turn (every 2 s); the first again each time it starts. */
export function useRotatingMessage(messages: string[] | undefined, active: boolean): string | null {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    setIndex(0);
    if (!active || !messages || messages.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % messages.length), 2000);
    return () => clearInterval(timer);
  }, [active, messages]);
  return messages && messages.length > 0 ? messages[index % messages.length] : null;
}
