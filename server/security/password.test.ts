import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('demo-password');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('demo-password', hash)).toBe(true);
    expect(await verifyPassword('demo-passwore', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('returns false for malformed hashes instead of throwing', async () => {
    for (const bad of ['', 'plain', 'scrypt$x$8$1$c2FsdA==$aGFzaA==', 'bcrypt$1$2$3$4$5', 'scrypt$16384$8$1$c2FsdA==$']) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });
});
