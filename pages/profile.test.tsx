import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import profile from './profile.json';
import { fakeFetcher, renderPage } from '../engine/testing';
import type { HostScope, PageDefinition } from '../engine';

// pages/profile.json rendered by the engine with a fake API shaped like GET /api/users/me: every
// number on screen is checked against the record it comes from (planUsage and the plan's limits,
// each brand's planGovernance), plus the owner-only buttons, the typed brand deletion and sharing.
const page = profile as unknown as PageDefinition;

function brand(id: string, name: string, url: string, role: 'owner' | 'other', prompts: number, locations: number, extra: Record<string, unknown> = {}) {
  return {
    id, name, url, logoUrl: null, location: 'US', lastPromptRun: null,
    ownerIds: role === 'owner' ? ['usr_demo'] : ['usr_owner'],
    planGovernance: {
      userRole: role,
      effectivePlan: { name: role === 'owner' ? 'Growth' : 'Enterprise' },
      usage: { prompts: { currentUsage: prompts, limit: 250, isWithinLimit: true }, locations: { currentUsage: locations, limit: 10, isWithinLimit: true } },
      governedBy: role === 'owner' ? { name: 'Dana Demo', userId: 'usr_demo' } : { name: '', userId: 'usr_owner' },
    },
    ...extra,
  };
}

const BRANDS = [
  brand('b1', 'Acme Running', 'https://www.acmerunning.com', 'owner', 14, 3),
  brand('b2', 'Bolt Bikes', '', 'owner', 9, 2),
  brand('b3', 'Shared Co', 'https://shared.example', 'other', 40, 5),
];
// planUsage as the server computes it: owned brands only (b3 is shared), locations distinct (US and GB used by both owned brands, DE by one).
const USER = {
  id: 'usr_demo', name: 'Dana Demo', email: 'demo@example.com', username: 'dana', role: 'user', profilePicture: null,
  phone: null, address: null, city: 'Lisbon', state: null, country: 'Portugal', postalCode: null, tenantId: 'ten_demo',
  createdAt: '2026-07-28T12:00:00.000Z', isOnboarded: true,
  userSubscription: { status: 'active', pricingPlan: { name: 'Growth', maxPrompts: 250, maxLocations: 2, maxBrands: 5 } },
  userBrands: BRANDS, privacySettings: {}, notificationSettings: { preferences: {} }, canAddBrand: true,
  planUsage: { prompts: 23, locations: 3, brands: 2 },
};
const MEMBERS = [
  { brandId: 'b1', userId: 'usr_demo', name: 'Dana Demo', email: 'demo@example.com', role: 'owner' },
  { brandId: 'b1', userId: 'usr_lee', name: 'Lee Lapsed', email: 'lapsed@example.com', role: 'viewer' },
];

function scope(brandRecord: Record<string, unknown> | null = BRANDS[0]): HostScope {
  return { user: { id: 'usr_demo', name: 'Dana Demo', email: 'demo@example.com' }, brand: brandRecord, refresh: async () => null };
}

function setup(user: Record<string, unknown> = USER, brandRecord: Record<string, unknown> | null = BRANDS[0]) {
  const fake = fakeFetcher({
    'users.me.get': user,
    config: { data: { features: {}, settings: { logoUrlTemplate: 'https://logo.example/{domain}' }, version: '1' } },
    'brands.members.list': MEMBERS,
    'brands.share': { brandId: 'b1', userId: 'usr_nico', name: 'Nico', email: 'nico@example.com', role: 'editor' },
    'brands.delete': { success: true, message: 'deleted' },
  });
  renderPage(page, { fetcher: fake.fetcher, scope: scope(brandRecord) });
  return fake;
}

const card = (name: string) => screen.getAllByTestId('card-grid-item').find((c) => within(c).queryByTestId('card-grid-title')?.textContent === name)!;

describe('profile page', () => {
  it('shows the plan usage counters from planUsage against the plan limits', async () => {
    setup();
    const counters = await screen.findAllByTestId('usage-counter');
    const plan = USER.userSubscription.pricingPlan;
    // the fixture's planUsage is what the server derives from userBrands' planGovernance (owned brands only)
    const owned = USER.userBrands.filter((b) => b.ownerIds.includes(USER.id));
    expect(USER.planUsage.prompts).toBe(owned.reduce((n, b) => n + b.planGovernance.usage.prompts.currentUsage, 0));
    expect(USER.planUsage.brands).toBe(owned.length);
    expect(counters.map((c) => within(c).getByTestId('usage-numbers').textContent)).toEqual([
      `${USER.planUsage.prompts} / ${plan.maxPrompts}`,
      `${USER.planUsage.locations} / ${plan.maxLocations}`,
      `${USER.planUsage.brands} / ${plan.maxBrands}`,
    ]);
    expect(counters.map((c) => within(c).getByRole('img').getAttribute('aria-label'))).toEqual(['Within limit', 'Limit reached', 'Within limit']);
  });

  it('shows the account details: plan badge, ids, Active subscription, plan name', async () => {
    setup();
    expect((await screen.findByTestId('upload-badge')).textContent).toBe('Growth Plan');
    const detail = (field: string) => document.querySelector(`[data-widget-id="identity"] [data-field="${field}"]`)!.textContent;
    expect(detail('id')).toBe('usr_demo');
    expect(detail('tenantId')).toBe('ten_demo');
    expect(detail('userSubscription.status')).toBe('Active');
    expect(detail('userSubscription.pricingPlan.name')).toBe('Growth');
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeTruthy();
    expect(document.querySelector('[data-testid="form-values"] [data-field="city"]')!.textContent).toBe('Lisbon');
  });

  it('without a plan: Free, Inactive and No plan data available', async () => {
    setup({ ...USER, userSubscription: { status: 'canceled', pricingPlan: null } });
    expect((await screen.findByTestId('usage-no-limit')).textContent).toBe('No plan data available');
    expect(screen.getByTestId('upload-badge').textContent).toBe('Free');
    expect(document.querySelector('[data-field="userSubscription.status"]')!.textContent).toBe('Inactive');
  });

  it('draws a card per brand with role, domain, plan, usage and governance from planGovernance', async () => {
    setup();
    await screen.findAllByTestId('card-grid-item');
    for (const b of BRANDS) {
      const c = card(b.name);
      expect(within(c).getByText(b.planGovernance.userRole === 'owner' ? 'Owner' : 'Other')).toBeTruthy();
      const lines = within(c).getAllByTestId('card-grid-line').map((l) => l.textContent);
      expect(lines[1]).toBe(`${b.planGovernance.effectivePlan.name} Plan`);
      expect(lines[2]).toBe(`Governed by:${b.planGovernance.governedBy.name || b.planGovernance.governedBy.userId}`);
      expect(c.querySelector('[data-field="planGovernance.usage.prompts.currentUsage"]')!.textContent).toBe(String(b.planGovernance.usage.prompts.currentUsage));
      expect(c.querySelector('[data-field="planGovernance.usage.locations.currentUsage"]')!.textContent).toBe(String(b.planGovernance.usage.locations.currentUsage));
    }
    expect(within(card('Acme Running')).getAllByTestId('card-grid-line')[0].textContent).toBe('acmerunning.com');
    expect(within(card('Bolt Bikes')).getAllByTestId('card-grid-line')[0].textContent).toBe('No website');
    // the logo service is asked for the website's domain; no website: the first letter
    await waitFor(() => expect(card('Acme Running').querySelector('img')?.getAttribute('src')).toBe('https://logo.example/acmerunning.com'));
    expect(within(card('Bolt Bikes')).getByTestId('card-logo').textContent).toBe('B');
    // owners see Share and Delete Brand; the shared brand has neither
    for (const name of ['Acme Running', 'Bolt Bikes']) {
      expect(within(card(name)).getByRole('button', { name: 'Share' })).toBeTruthy();
      expect(within(card(name)).getByRole('button', { name: 'Delete Brand' })).toBeTruthy();
    }
    expect(within(card('Shared Co')).queryByRole('button', { name: 'Share' })).toBeNull();
    expect(within(card('Shared Co')).queryByRole('button', { name: 'Delete Brand' })).toBeNull();
  });

  it('disables Share and Delete Brand without an active or trialing subscription', async () => {
    setup({ ...USER, userSubscription: { status: 'past_due', pricingPlan: USER.userSubscription.pricingPlan } });
    await screen.findAllByTestId('card-grid-item');
    await waitFor(() => expect((within(card('Acme Running')).getByRole('button', { name: 'Share' }) as HTMLButtonElement).disabled).toBe(true));
    expect((within(card('Acme Running')).getByRole('button', { name: 'Delete Brand' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card('Acme Running')).getByLabelText('You need an active subscription to share a brand.')).toBeTruthy();
  });

  it('hides the Associated Brands grid when the user has no brands', async () => {
    setup({ ...USER, userBrands: [], planUsage: { prompts: 0, locations: 0, brands: 0 } }, null);
    await screen.findAllByTestId('usage-counter');
    expect(screen.queryByText('Associated Brands')).toBeNull();
    expect(document.querySelector('[data-widget-id="brands"]')).toBeNull();
  });

  it('deletes a brand only once DELETE is typed', async () => {
    const fake = setup();
    await screen.findAllByTestId('card-grid-item');
    await waitFor(() => expect((within(card('Bolt Bikes')).getByRole('button', { name: 'Delete Brand' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(card('Bolt Bikes')).getByRole('button', { name: 'Delete Brand' }));
    // happy-dom leaves Fluent's modal surface aria-hidden, hence hidden: true (as in promptsPage.test.tsx)
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(within(dialog).getByText('Delete Bolt Bikes?')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Delete Brand', hidden: true }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { hidden: true }), { target: { value: 'delete' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { hidden: true }), { target: { value: 'DELETE' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(fake.calls.some((c) => c.callId === 'brands.delete')).toBe(true));
    const call = fake.calls.find((c) => c.callId === 'brands.delete')!;
    expect(call.input).toMatchObject({ params: { id: 'b2' }, body: { brandId: 'b2' } });
  });

  it('shares a brand from its dialog, listing who has access with Remove', async () => {
    const fake = setup();
    await screen.findAllByTestId('card-grid-item');
    await waitFor(() => expect((within(card('Acme Running')).getByRole('button', { name: 'Share' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(card('Acme Running')).getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('Share Acme Running')).toBeTruthy();
    // the owner is not listed as removable; the shared member is
    expect(await within(dialog).findByText('Lee Lapsed')).toBeTruthy();
    expect(within(dialog).queryByText('Dana Demo')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Remove', hidden: true })).toBeTruthy();
    expect(fake.calls.find((c) => c.callId === 'brands.members.list')!.input).toMatchObject({ params: { id: 'b1' } });
    fireEvent.change(await within(dialog).findByLabelText(/Email address/), { target: { value: 'nico@example.com' } });
    fireEvent.click(within(dialog).getByLabelText(/Editor/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share', hidden: true }));
    await waitFor(() => expect(fake.calls.some((c) => c.callId === 'brands.share')).toBe(true));
    expect(fake.calls.find((c) => c.callId === 'brands.share')!.input).toMatchObject({ params: { id: 'b1' }, body: { email: 'nico@example.com', role: 'editor' } });
    expect(await within(dialog).findByText('Shared with nico@example.com.')).toBeTruthy();
  });
});
