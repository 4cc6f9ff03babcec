import { describe, expect, it } from 'vitest';
import { loadConfig, loadStartupOptions, StartupError } from './config';

describe('production mode settings', () => {
  it('outside production: demo data and local payments on, a short SESSION_SECRET only warns', () => {
    const options = loadStartupOptions({ SESSION_SECRET: 'abc' });
    expect(options).toMatchObject({ production: false, demoData: true, admin: null });
    expect(options.warnings).toEqual([expect.stringMatching(/SESSION_SECRET is 3 bytes; it must be at least 32/)]);
    expect(loadConfig({}).localPayments).toBe(true);
  });

  it('production (NODE_ENV or APP_MODE): no demo data and no local payments unless enabled', () => {
    for (const env of [{ NODE_ENV: 'production' }, { APP_MODE: 'production' }]) {
      expect(loadStartupOptions(env)).toMatchObject({ production: true, demoData: false });
      expect(loadConfig(env).localPayments).toBe(false);
      expect(loadStartupOptions({ ...env, DEMO_DATA: '1' }).demoData).toBe(true);
      expect(loadConfig({ ...env, LOCAL_PAYMENTS: '1' }).localPayments).toBe(true);
    }
  });

  it('production refuses a SESSION_SECRET shorter than 32 bytes (bytes, not characters) and accepts 32', () => {
    expect(() => loadStartupOptions({ NODE_ENV: 'production', SESSION_SECRET: 'x' })).toThrow(StartupError);
    expect(() => loadStartupOptions({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(31) })).toThrow(/31 bytes/);
    expect(() => loadStartupOptions({ NODE_ENV: 'production', SESSION_SECRET: 'é'.repeat(16) })).not.toThrow();
    expect(loadStartupOptions({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).warnings).toEqual([]);
  });

  it('refuses unclear flags and an incomplete or weak admin bootstrap', () => {
    expect(() => loadStartupOptions({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA must be 1 or 0/);
    expect(() => loadConfig({ LOCAL_PAYMENTS: 'sure' })).toThrow(/LOCAL_PAYMENTS must be 1 or 0/);
    expect(() => loadStartupOptions({ ADMIN_PASSWORD: 'a long enough password' })).toThrow(/ADMIN_EMAIL must be an email/);
    expect(() => loadStartupOptions({ ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: 'short' })).toThrow(/at least 12/);
    expect(loadStartupOptions({ ADMIN_EMAIL: ' A@B.example ', ADMIN_PASSWORD: 'a long enough password' }).admin).toEqual({
      email: 'a@b.example',
      password: 'a long enough password',
    });
  });
});

describe('answer reuse setting', () => {
  it('keeps 500 insight answers by default, none with 0, and refuses anything but a whole number', () => {
    expect(loadConfig({}).answerCacheEntries).toBe(500);
    expect(loadConfig({ ANSWER_CACHE_ENTRIES: '0' }).answerCacheEntries).toBe(0);
    expect(loadConfig({ ANSWER_CACHE_ENTRIES: ' 20 ' }).answerCacheEntries).toBe(20);
    expect(() => loadConfig({ ANSWER_CACHE_ENTRIES: '-1' })).toThrow(/ANSWER_CACHE_ENTRIES must be a whole number/);
    expect(() => loadConfig({ ANSWER_CACHE_ENTRIES: 'lots' })).toThrow(/ANSWER_CACHE_ENTRIES/);
  });
});

describe('minimum sample setting', () => {
  it('states changes from 30 answers on each side by default, and refuses less than 1', () => {
    expect(loadConfig({}).minSample).toBe(30);
    expect(loadConfig({ STATS_MIN_SAMPLE: '50' }).minSample).toBe(50);
    expect(() => loadConfig({ STATS_MIN_SAMPLE: '0' })).toThrow(/STATS_MIN_SAMPLE must be at least 1/);
    expect(() => loadConfig({ STATS_MIN_SAMPLE: 'many' })).toThrow(/STATS_MIN_SAMPLE/);
  });
});
