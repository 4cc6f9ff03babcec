import { afterEach } from 'vitest';
import { takeCspViolations } from './cspWatch';

// Any CSP violation logged while a test (or the hooks before it) ran fails that test.
afterEach(() => {
  const violations = takeCspViolations();
  if (violations.length) throw new Error(`Content Security Policy violations:\n${violations.join('\n')}`);
});
