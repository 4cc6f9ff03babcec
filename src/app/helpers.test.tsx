import { describe, expect, it } from 'vitest';
import { safeInternalPath, loginUrlFor, logoutUrlFor } from '../session/loginUrl';
import { featureOn, mayAddBrand, normalizeConfig, normalizeUser } from '../session/normalize';
import { resolveSelectedBrandId } from '../session/selectedBrand';
import { initialsOf, truncateName } from '../shell/truncate';
import { makeBrand, makeUser } from '../testing/fakeServer';
import { errorPageContent, parseErrorQuery } from './errorPageContent';
import { relativeToApp } from './enginePages';
import { needsOnboarding } from './routePaths';

describe('redirect targets', () => {
  const origin = 'https://app.example.com';
  it('keeps same-origin paths and drops foreign or login targets', () => {
    expect(safeInternalPath('https://app.example.com/app/prompts?x=1#t', origin)).toBe('/app/prompts?x=1#t');
    expect(safeInternalPath('/app/sources', origin)).toBe('/app/sources');
    expect(safeInternalPath('https://evil.example.net/app/home', origin)).toBeNull();
    expect(safeInternalPath('//evil.example.net/x', origin)).toBeNull();
    expect(safeInternalPath('/login?redirectUrl=/x', origin)).toBeNull();
    expect(safeInternalPath(null, origin)).toBeNull();
  });
  it('builds login and logout addresses with an encoded redirectUrl', () => {
    expect(loginUrlFor('https://app.example.com/app/home?a=1')).toBe('/login?redirectUrl=https%3A%2F%2Fapp.example.com%2Fapp%2Fhome%3Fa%3D1');
    expect(logoutUrlFor('https://app.example.com')).toBe('/api/auth/logout?redirectUrl=https%3A%2F%2Fapp.example.com');
  });
});

describe('onboarding rule', () => {
  it('exempts onboarding, payment verification, settings and profile', () => {
    expect(needsOnboarding(false, '/app/home')).toBe(true);
    for (const path of ['/onboarding', '/onboarding/plans', '/payment/verify', '/app/settings', '/app/profile']) {
      expect(needsOnboarding(false, path)).toBe(false);
    }
    expect(needsOnboarding(true, '/app/home')).toBe(false);
    expect(needsOnboarding(undefined, '/app/home')).toBe(false);
  });
});

describe('error page content', () => {
  it('defaults to code 500 and the generic message', () => {
    expect(parseErrorQuery(new URLSearchParams(''))).toEqual({ code: 500, message: 'generic' });
    expect(parseErrorQuery(new URLSearchParams('code=abc&message=%20'))).toEqual({ code: 500, message: 'generic' });
    expect(errorPageContent(500, 'generic').title).toBe('Something Went Wrong');
    expect(errorPageContent(401, 'account_blocked').title).toBe('Account Blocked');
    expect(errorPageContent(403, 'email_not_verified').title).toBe('Email Verification Required');
  });
});

describe('session helpers', () => {
  it('reads config wrapped in data, with version 1.0.0 by default and exact-true features', () => {
    const config = normalizeConfig({ data: { features: { a: true, b: 'true', c: 1 }, settings: { supportEmail: 'x@y.z' } } });
    expect(config.version).toBe('1.0.0');
    expect([featureOn(config, 'a'), featureOn(config, 'b'), featureOn(config, 'c'), featureOn(config, 'd')]).toEqual([true, false, false, false]);
    expect(normalizeConfig({ data: { version: '3.1.0' } }).version).toBe('3.1.0');
  });
  it('treats a users/me answer without id as signed out', () => {
    expect(normalizeUser({})).toBeNull();
    expect(normalizeUser({ id: 'u1' })?.userBrands).toEqual([]);
  });
  it('offers Add Brand by the server flag, else by owned brands below maxBrands', () => {
    expect(mayAddBrand(makeUser({ canAddBrand: true, userBrands: [] }))).toBe(true);
    expect(mayAddBrand(makeUser({ canAddBrand: false }))).toBe(false);
    const owned = [makeBrand('b1', 'A'), makeBrand('b2', 'B', 'someone-else')];
    expect(mayAddBrand(makeUser({ userBrands: owned, userSubscription: { status: 'active', pricingPlan: { maxBrands: 2 } } }))).toBe(true);
    expect(mayAddBrand(makeUser({ userBrands: owned, userSubscription: { status: 'active', pricingPlan: { maxBrands: 1 } } }))).toBe(false);
    expect(mayAddBrand(null)).toBe(false);
  });
  it('resets the selected brand to the first one when the stored id is missing', () => {
    const brands = [makeBrand('b1', 'A'), makeBrand('b2', 'B')];
    expect(resolveSelectedBrandId(brands, 'b2')).toBe('b2');
    expect(resolveSelectedBrandId(brands, 'gone')).toBe('b1');
    expect(resolveSelectedBrandId(brands, null)).toBe('b1');
    expect(resolveSelectedBrandId([], 'b1')).toBeNull();
  });
});

describe('display helpers', () => {
  it('cuts brand names at 15 (mobile) or 30 (desktop) characters', () => {
    const name = 'Globex Corporation International Holdings';
    expect(truncateName(name, 15)).toBe('Globex Corporat...');
    expect(truncateName(name, 30)).toBe('Globex Corporation Internation...');
    expect(truncateName('Acme', 15)).toBe('Acme');
  });
  it('makes initials from names', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  dana  ')).toBe('D');
    expect(initialsOf('')).toBe('?');
  });
  it('turns absolute /app page routes into routes relative to the app section', () => {
    expect(relativeToApp({ path: '/app/prompts/:id' }).path).toBe('prompts/:id');
    expect(relativeToApp({ path: '/app' }).index).toBe(true);
  });
});
