import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HostScope, PageDefinition, WidgetConfig } from '../../engine';
import { fakeFetcher, renderPage } from '../../engine/testing';
import valid from './fixtures/valid.json';
import suggestions from './fixtures/brandsCreate.response.json';

// The Add Brand wizard of the fixture (4 steps) rendered on a test page, with a fake API and a
// signed-in user whose plan leaves a known number of prompt slots.

const page = (config: WidgetConfig): PageDefinition => ({
  version: 1,
  id: 'wizard-test',
  route: '/wizard',
  title: 'Wizard',
  widgets: { w: config },
  layout: [{ items: [{ widget: 'w', span: 12 }] }],
});

/** A user on a plan of `limit` prompts with `used` of them on a brand they own; a shared brand and a brand without governance do not count. */
function planUser(limit: number, used: number) {
  return {
    id: 'user-1',
    name: 'Ada',
    email: 'ada@acme.test',
    userSubscription: { status: 'active', pricingPlan: { name: 'Growth', maxPrompts: limit, maxLocations: 10, maxBrands: 5 } },
    userBrands: [
      { id: 'b1', name: 'Own', ownerIds: ['user-1'], planGovernance: { usage: { prompts: { currentUsage: used, isWithinLimit: true } } } },
      { id: 'b2', name: 'Shared', ownerIds: ['user-2'], planGovernance: { usage: { prompts: { currentUsage: 40, isWithinLimit: true } } } },
      { id: 'b3', name: 'Ungoverned', ownerIds: ['user-1'], planGovernance: null },
    ],
  };
}

function scopeOf(user: Record<string, unknown>, refreshed: { count: number } = { count: 0 }): HostScope {
  return { user, brand: null, refresh: async () => { refreshed.count += 1; return user; } };
}

const config = valid as unknown as WidgetConfig;
const progress = () => screen.getByTestId('wizard-progress').textContent;
const next = (label = 'Next Step') => fireEvent.click(screen.getByRole('button', { name: label }));

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Brand name' }), 'Acme Coffee');
  await user.type(screen.getByRole('textbox', { name: 'Website' }), 'https://acme.coffee');
  await user.click(screen.getByRole('combobox', { name: 'Country' }));
  await user.click(await screen.findByRole('option', { name: 'United States' }));
}

describe('wizard', () => {
  it('validates a field on blur, then on every change, and every field of the step on Next', async () => {
    const user = userEvent.setup();
    const api = fakeFetcher({ 'brands.create': suggestions });
    renderPage(page(config), { fetcher: api.fetcher, scope: scopeOf(planUser(250, 10)) });
    const name = await screen.findByRole('textbox', { name: 'Brand name' });
    expect(progress()).toBe('1 / 4');
    // untouched: no message while typing
    await user.type(name, 'A');
    expect(screen.queryByText('Brand name must be at least 2 characters')).toBeNull();
    fireEvent.blur(name);
    expect(await screen.findByText('Brand name must be at least 2 characters')).toBeTruthy();
    await user.clear(name);
    expect(await screen.findByText('Brand name is required')).toBeTruthy();
    await user.type(name, 'Ac');
    await waitFor(() => expect(screen.queryByText('Brand name is required')).toBeNull());

    const website = screen.getByRole('textbox', { name: 'Website' });
    await user.type(website, 'acme.coffee');
    fireEvent.blur(website);
    expect(await screen.findByText('Please enter a valid website URL (e.g., https://acme.coffee)')).toBeTruthy();
    await user.clear(website);
    await user.type(website, 'not a site');
    expect(await screen.findByText('Please enter a valid website URL (e.g., https://www.example.com)')).toBeTruthy();

    next();
    expect(await screen.findByText('Country selection is required')).toBeTruthy();
    expect(api.calls).toEqual([]);
    expect(progress()).toBe('1 / 4');
  });

  it('creates the brand, preselects the first 3 suggestions, creates one prompt per selection and finalizes with the competitors', async () => {
    const user = userEvent.setup();
    const refreshed = { count: 0 };
    const api = fakeFetcher({ 'brands.create': suggestions, 'prompts.create': { id: 'p' }, 'brands.finalize': { brand: { id: 'brand-new' } } });
    renderPage(page(config), { fetcher: api.fetcher, scope: scopeOf(planUser(250, 10), refreshed) });
    await screen.findByRole('textbox', { name: 'Brand name' });
    await fillDetails(user);
    next();
    expect(await screen.findByRole('heading', { name: 'Suggested Prompts' })).toBeTruthy();
    expect(api.calls[0]).toEqual({ callId: 'brands.create', input: { body: { name: 'Acme Coffee', website: 'https://acme.coffee', location: 'US' } } });
    expect(progress()).toBe('2 / 4');

    const prompts = within(screen.getByRole('group', { name: 'Prompts' }));
    const ticked = prompts.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked);
    expect(ticked).toHaveLength(3);
    expect(prompts.getByText(suggestions.suggestedPrompts[0].prompt)).toBeTruthy();
    // the relevance score shows for weights above 0 only (the last suggestion weighs 0)
    expect(prompts.getAllByText(/^Relevance Score: /)).toHaveLength(suggestions.suggestedPrompts.filter((p) => p.weightageScore > 0).length);
    expect(prompts.getByText(`Relevance Score: ${suggestions.suggestedPrompts[0].weightageScore}`)).toBeTruthy();

    // a custom prompt is added ticked; a blank one is ignored
    await user.type(prompts.getByRole('textbox'), 'Best coffee beans for espresso?');
    await user.click(prompts.getByRole('button', { name: 'Add New' }));
    await user.click(prompts.getByRole('button', { name: 'Add New' }));
    expect(prompts.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked)).toHaveLength(4);

    next();
    expect(await screen.findByRole('heading', { name: 'Suggested Competitors' })).toBeTruthy();
    const created = api.calls.filter((c) => c.callId === 'prompts.create');
    expect(created.map((c) => (c.input as { body: { prompt: string } }).body.prompt)).toEqual([
      ...suggestions.suggestedPrompts.slice(0, 3).map((p) => p.prompt),
      'Best coffee beans for espresso?',
    ]);
    expect((created[0].input as { body: unknown }).body).toEqual({
      prompt: suggestions.suggestedPrompts[0].prompt,
      frequency: 'daily',
      providers: ['openai'],
      state: 'inactive',
      location: ['US'],
      startImmediately: false,
      brandId: suggestions.brand.id,
    });

    const competitors = within(screen.getByRole('group', { name: 'Competitors' }));
    expect(competitors.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked).map((c) => c.closest('div')?.textContent)).toEqual(
      suggestions.suggestedCompetitors.slice(0, 3),
    );
    expect(screen.getByRole('button', { name: 'Add Brand' })).toBeTruthy();
    next('Add Brand');
    expect(await screen.findByText('Brand Added Successfully!')).toBeTruthy();
    expect(screen.getByText('Acme Coffee has been added to your dashboard')).toBeTruthy();
    expect(api.calls.at(-1)).toEqual({
      callId: 'brands.finalize',
      input: { params: { id: suggestions.brand.id }, body: { finalCompetitors: suggestions.suggestedCompetitors.slice(0, 3) } },
    });
    expect(refreshed.count).toBe(1);
    expect(progress()).toBe('4 / 4');
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    next('Close');
    expect(await screen.findByTestId('navigated')).toBeTruthy();
  });

  it('cuts the preselection to the plan slots, says why, and disables the other boxes at the limit', async () => {
    const user = userEvent.setup();
    // 50 − 48 owned = 2 slots (the shared brand's 40 and the ungoverned brand do not count)
    const api = fakeFetcher({ 'brands.create': suggestions });
    renderPage(page(config), { fetcher: api.fetcher, scope: scopeOf(planUser(50, 48)) });
    await screen.findByRole('textbox', { name: 'Brand name' });
    await fillDetails(user);
    next();
    expect(await screen.findByText('Selection limited to 2 prompts based on your plan.')).toBeTruthy();
    const boxes = within(screen.getByRole('group', { name: 'Prompts' })).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.filter((b) => b.checked)).toHaveLength(2);
    expect(boxes.filter((b) => !b.checked).every((b) => b.disabled)).toBe(true);
    // unticking one frees a slot: the others are enabled again
    await user.click(boxes[0]);
    expect(boxes.filter((b) => !b.checked).every((b) => !b.disabled)).toBe(true);
  });

  it('at zero slots ticks nothing, disables Add New and refuses Next', async () => {
    const user = userEvent.setup();
    const api = fakeFetcher({ 'brands.create': suggestions });
    renderPage(page(config), { fetcher: api.fetcher, scope: scopeOf(planUser(50, 50)) });
    await screen.findByRole('textbox', { name: 'Brand name' });
    await fillDetails(user);
    next();
    expect(await screen.findByText('You have reached your plan limit for prompts. Upgrade your plan or delete existing prompts to add more.')).toBeTruthy();
    const group = within(screen.getByRole('group', { name: 'Prompts' }));
    expect((group.getAllByRole('checkbox') as HTMLInputElement[]).every((b) => !b.checked && b.disabled)).toBe(true);
    expect((group.getByRole('button', { name: 'Add New' }) as HTMLButtonElement).disabled).toBe(true);
    next();
    expect(await screen.findByText('At least one prompt must be selected')).toBeTruthy();
    expect(api.calls.filter((c) => c.callId === 'prompts.create')).toEqual([]);
    expect(progress()).toBe('2 / 4');
  });

  it('a failing step 3 keeps step 3 with the error; nothing moves on and the session is not refreshed', async () => {
    const user = userEvent.setup();
    const refreshed = { count: 0 };
    const api = fakeFetcher({ 'brands.create': suggestions, 'prompts.create': { id: 'p' }, 'brands.finalize': Object.assign(new Error(''), { status: 500 }) });
    renderPage(page(config), { fetcher: api.fetcher, scope: scopeOf(planUser(250, 10), refreshed) });
    await screen.findByRole('textbox', { name: 'Brand name' });
    await fillDetails(user);
    next();
    await screen.findByRole('heading', { name: 'Suggested Prompts' });
    next();
    await screen.findByRole('heading', { name: 'Suggested Competitors' });
    next('Add Brand');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to finalize brand. Please try again.');
    expect(progress()).toBe('3 / 4');
    expect(screen.queryByText('Brand Added Successfully!')).toBeNull();
    expect(refreshed.count).toBe(0);
    // a server message wins over the fallback copy
    const calls = api.calls.length;
    expect(calls).toBe(5);
  });

  it('Previous goes back one step and never below 1; Next again does not create the brand twice', async () => {
    const user = userEvent.setup();
    const api = fakeFetcher({ 'brands.create': suggestions });
    renderPage(page(config), { fetcher: api.fetcher, scope: scopeOf(planUser(250, 10)) });
    await screen.findByRole('textbox', { name: 'Brand name' });
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await fillDetails(user);
    next();
    await screen.findByRole('heading', { name: 'Suggested Prompts' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'Brand Details' })).toBeTruthy();
    expect(progress()).toBe('1 / 4');
    expect((screen.getByRole('textbox', { name: 'Brand name' }) as HTMLInputElement).value).toBe('Acme Coffee');
    next();
    await screen.findByRole('heading', { name: 'Suggested Prompts' });
    expect(api.calls.filter((c) => c.callId === 'brands.create')).toHaveLength(1);
  });
});
