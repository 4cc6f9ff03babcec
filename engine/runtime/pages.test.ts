import { describe, expect, it } from 'vitest';
import type { Migration } from '../migrations';
import { pagesFromModules } from './pages';

const page = (extra: Record<string, unknown>) => ({ id: 'home', route: '/app/home', title: 'Home', widgets: {}, layout: [], ...extra });

// A test-only format step: version 0 called the title "heading".
const headingToTitle: Migration = {
  from: 0,
  to: 1,
  describe: 'heading becomes title',
  migrate: ({ heading, ...rest }) => ({ ...rest, title: heading }),
};

describe('pages from modules', () => {
  it('migrates a page of an older format as it loads', () => {
    const { title: _title, ...old } = page({ version: 0, heading: 'Old home' });
    const [loaded] = pagesFromModules({ './home.json': { default: old } }, [headingToTitle]);
    expect(loaded).toMatchObject({ version: 1, title: 'Old home', route: '/app/home' });
    expect(loaded).not.toHaveProperty('heading');
  });

  it('keeps a current page as it is and refuses one newer than the engine reads', () => {
    const current = page({ version: 1 });
    expect(pagesFromModules({ './home.json': { default: current } })).toEqual([current]);
    expect(() => pagesFromModules({ './home.json': { default: page({ version: 99 }) } })).toThrow(/99/);
  });
});
