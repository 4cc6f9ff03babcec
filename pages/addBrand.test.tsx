import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import addBrand from './add-brand.json';
import created from '../widgets/wizard/fixtures/brandsCreate.response.json';
import { fakeFetcher, renderPage } from '../engine/testing';
import type { HostScope, PageDefinition } from '../engine';

// /app/add-brand: the 4-step Add Brand wizard with the spec's copy, plan-limit messages and errors.

const page = addBrand as unknown as PageDefinition;

function demoLike(maxPrompts: number, used: number): HostScope {
  return {
    user: {
      id: 'usr_demo',
      name: 'Demo',
      email: 'demo@example.com',
      userSubscription: { status: 'active', pricingPlan: { name: 'Growth', maxPrompts, maxLocations: 10, maxBrands: 5 } },
      userBrands: [{ id: 'brd_1', name: 'Demo Brand', ownerIds: ['usr_demo'], planGovernance: { usage: { prompts: { currentUsage: used, isWithinLimit: used < maxPrompts } } } }],
    },
    brand: null,
    refresh: async () => null,
  };
}

async function brandDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Brand name' }), 'Acme Coffee');
  await user.type(screen.getByRole('textbox', { name: 'Website' }), 'https://acme.coffee');
  await user.click(screen.getByRole('combobox', { name: 'Country' }));
  await user.click(await screen.findByRole('option', { name: 'United States' }));
  fireEvent.click(screen.getByRole('button', { name: 'Next Step' }));
}

describe('add brand page', () => {
  it('shows step 1 of the wizard with its progress, buttons and title', async () => {
    renderPage(page, { fetcher: fakeFetcher({}).fetcher, scope: demoLike(250, 10) });
    expect(await screen.findByRole('heading', { name: 'Brand Details' })).toBeTruthy();
    expect(screen.getByTestId('wizard-progress').textContent).toBe('1 / 4');
    for (const label of ['Cancel', 'Previous', 'Next Step']) expect(screen.getByRole('button', { name: label })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Add Brand - Brand Details'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('navigated')).toBeTruthy();
  });

  it('shows the server message of a refused brand and stays on step 1', async () => {
    const user = userEvent.setup();
    const refusal = Object.assign(new Error("You've reached your plan's brand limit."), { status: 429 });
    const api = fakeFetcher({ 'brands.create': refusal });
    renderPage(page, { fetcher: api.fetcher, scope: demoLike(250, 10) });
    await brandDetails(user);
    expect((await screen.findByRole('alert')).textContent).toBe("You've reached your plan's brand limit.");
    expect(screen.getByTestId('wizard-progress').textContent).toBe('1 / 4');
  });

  it('with fewer slots than the preselection, cuts it and says so (Selection limited…)', async () => {
    const user = userEvent.setup();
    // 250 − 249 = 1 slot: the preselection is cut to 1
    const api = fakeFetcher({ 'brands.create': created });
    renderPage(page, { fetcher: api.fetcher, scope: demoLike(250, 249) });
    await brandDetails(user);
    expect(await screen.findByText('Selection limited to 1 prompts based on your plan.')).toBeTruthy();
    const boxes = within(screen.getByRole('group', { name: 'Prompts' })).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.filter((b) => b.checked)).toHaveLength(1);
    expect(boxes.filter((b) => !b.checked).every((b) => b.disabled)).toBe(true);
  });

  it('creates prompts inactive, daily, on openai in the brand country, and says when that fails', async () => {
    const user = userEvent.setup();
    const api = fakeFetcher({ 'brands.create': created, 'prompts.create': Object.assign(new Error(''), { status: 500 }) });
    renderPage(page, { fetcher: api.fetcher, scope: demoLike(250, 10) });
    await brandDetails(user);
    await screen.findByRole('heading', { name: 'Suggested Prompts' });
    fireEvent.click(screen.getByRole('button', { name: 'Next Step' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create prompts. Please try again.');
    expect(screen.getByTestId('wizard-progress').textContent).toBe('2 / 4');
    // the first refusal stops the rest
    const sent = api.calls.filter((c) => c.callId === 'prompts.create');
    expect(sent).toHaveLength(1);
    expect(sent[0].input).toEqual({
      body: { prompt: created.suggestedPrompts[0].prompt, frequency: 'daily', providers: ['openai'], state: 'inactive', location: ['US'], startImmediately: false, brandId: created.brand.id },
    });
  });

  it('a competitor added by hand needs a name; the step needs at least one competitor', async () => {
    const user = userEvent.setup();
    const api = fakeFetcher({ 'brands.create': created, 'prompts.create': { id: 'p' } });
    renderPage(page, { fetcher: api.fetcher, scope: demoLike(250, 10) });
    await brandDetails(user);
    await screen.findByRole('heading', { name: 'Suggested Prompts' });
    fireEvent.click(screen.getByRole('button', { name: 'Next Step' }));
    await screen.findByRole('heading', { name: 'Suggested Competitors' });
    const group = within(screen.getByRole('group', { name: 'Competitors' }));
    await user.click(group.getByRole('button', { name: 'Add New' }));
    expect(await screen.findByText('Competitor name is required')).toBeTruthy();
    for (const box of group.getAllByRole('checkbox') as HTMLInputElement[]) if (box.checked) await user.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Add Brand' }));
    expect(await screen.findByText('At least one competitor should be selected for effective monitoring')).toBeTruthy();
    expect(api.calls.some((c) => c.callId === 'brands.finalize')).toBe(false);
  });
});
