import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import settings from './settings.json';
import { fakeFetcher, fakeScope, renderPage } from '../engine/testing';
import { lintPages } from '../engine/lint/lint';
import type { PageDefinition } from '../engine';

// pages/settings.json rendered by the engine with a fake API: the header card from the session
// user, the tab chosen by ?tab= (unknown → Password and Security), the billing cards and history
// with every amount checked against the cents of the fixture, the toggles from the stored
// settings, and a broken copy of the page failing lint where the mistake is.
const page = settings as unknown as PageDefinition;
const DIR = dirname(fileURLToPath(import.meta.url));

const USER = {
  id: 'usr_demo', name: 'Dana Demo', email: 'demo@example.com', role: 'admin', profilePicture: null,
  notificationSettings: { preferences: { prompts_monitoring: true, competitor_intelligence: false, weekly_reports: true, security_alerts: true } },
  privacySettings: { marketingEmails: false, surveyCommunications: true, analyticsTracking: true },
};

const BILLING = {
  subscription: { planName: 'Growth', status: 'active', amount: 4900, interval: 'month', currentPeriodEnd: '2026-12-20T12:00:00.000Z' },
  paymentMethod: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2027 },
  recentInvoices: [
    { id: 'inv_2', amount: 4900, created: '2026-11-20T12:00:00.000Z', status: 'paid', invoicePdf: '/api/billing/invoices/inv_2.pdf' },
    { id: 'inv_1', amount: 1950, created: '2026-10-20T12:00:00.000Z', status: 'open', invoicePdf: '/api/billing/invoices/inv_1.pdf' },
  ],
};

function renderAt(tab: string | null, responses: Record<string, unknown> = {}, user: Record<string, unknown> = USER) {
  const f = fakeFetcher({ 'users.me.get': USER, 'billing.dashboard': BILLING, ...responses });
  const scope = { ...fakeScope(), user };
  renderPage(page, { fetcher: f.fetcher, scope, path: tab === null ? '/app/settings' : `/app/settings?tab=${tab}` });
  return f;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

describe('settings page', () => {
  it('shows the header card and the Password and Security tab by default', async () => {
    renderAt(null);
    expect((await screen.findByTestId('identity-name')).textContent).toBe(USER.name);
    expect(screen.getByTestId('identity-badge').textContent).toBe('Admin');
    expect(screen.getByTestId('identity-secondary').textContent).toBe(USER.email);
    expect(await screen.findByRole('button', { name: 'Send Password Change Email' })).toBeTruthy();
    expect(screen.getByText(`We will send a password change link to ${USER.email}.`)).toBeTruthy();
    expect(selectedTab()).toBe('Password and Security');
  });

  it("an unknown tab falls back to password; the header falls back to 'User'", async () => {
    renderAt('nope', {}, { ...USER, name: '', role: '' });
    expect(await screen.findByRole('button', { name: 'Send Password Change Email' })).toBeTruthy();
    expect(selectedTab()).toBe('Password and Security');
    expect(screen.getByTestId('identity-name').textContent).toBe('User');
    expect(screen.getByTestId('identity-badge').textContent).toBe('User');
  });

  it('billing: plan, payment method and history computed from the cents of the data', async () => {
    renderAt('billing');
    const plan = await screen.findByRole('region', { name: 'Current Plan' });
    await within(plan).findByText(BILLING.subscription.planName);
    expect(within(plan).getByTestId('detail-badge').textContent).toBe('Active');
    expect(within(plan).getByText(`${dollars(BILLING.subscription.amount)} / month`)).toBeTruthy();
    expect(within(plan).getByRole('button', { name: 'Manage Billing' })).toBeTruthy();
    expect(within(plan).queryByRole('button', { name: 'Reactivate Subscription' })).toBeNull();

    const card = screen.getByRole('region', { name: 'Payment Method' });
    expect(await within(card).findByText('Visa •••• 4242')).toBeTruthy();
    expect(within(card).getByText('04/2027')).toBeTruthy();

    const history = screen.getByRole('region', { name: 'Billing History' });
    await within(history).findAllByRole('button', { name: 'Download PDF' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(BILLING.recentInvoices.length);
    BILLING.recentInvoices.forEach((inv, i) => {
      expect(within(rows[i]).getByText((inv.amount / 100).toFixed(2))).toBeTruthy();
      expect(within(rows[i]).getByText(inv.status === 'paid' ? 'Paid' : 'Open')).toBeTruthy();
      expect(within(rows[i]).getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    });
  });

  it('a lapsed subscription shows a red capitalised status and Reactivate Subscription', async () => {
    renderAt('billing', { 'billing.dashboard': { ...BILLING, subscription: { ...BILLING.subscription, status: 'canceled' }, paymentMethod: null } });
    const plan = await screen.findByRole('region', { name: 'Current Plan' });
    await within(plan).findByText('Canceled');
    expect(within(plan).getByRole('button', { name: 'Reactivate Subscription' })).toBeTruthy();
    expect(within(plan).queryByRole('button', { name: 'Manage Billing' })).toBeNull();
    expect(await screen.findByText('No payment method on file')).toBeTruthy();
  });

  it('a failed billing load says so with Retry', async () => {
    renderAt('billing', { 'billing.dashboard': Object.assign(new Error('Server error occurred. Please try again.'), { status: 500 }) });
    const plan = await screen.findByRole('region', { name: 'Current Plan' });
    expect(await within(plan).findByText('Failed to load billing information. Please try again later.')).toBeTruthy();
    expect(within(plan).getByRole('button', { name: /retry/i })).toBeTruthy();
  });

  it('notifications and privacy toggles show the stored values', async () => {
    renderAt('notifications');
    const prefs = USER.notificationSettings.preferences;
    await screen.findByRole('switch', { name: 'Prompt monitoring' });
    expect((screen.getByRole('switch', { name: 'Prompt monitoring' }) as HTMLInputElement).checked).toBe(prefs.prompts_monitoring);
    expect((screen.getByRole('switch', { name: 'Competitor intelligence' }) as HTMLInputElement).checked).toBe(prefs.competitor_intelligence);
    expect((screen.getByRole('switch', { name: 'Weekly reports' }) as HTMLInputElement).checked).toBe(prefs.weekly_reports);
    const security = screen.getByRole('switch', { name: 'Security alerts' }) as HTMLInputElement;
    expect(security.checked && security.disabled).toBe(true);
    expect(screen.getAllByText('Recommended')).toHaveLength(2);

    fireEvent.click(screen.getByRole('tab', { name: 'Data and Privacy' }));
    await screen.findByRole('switch', { name: 'Marketing emails' });
    expect((screen.getByRole('switch', { name: 'Marketing emails' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('switch', { name: 'Usage analytics' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Export my data' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Account' })).toBeTruthy();
  });

  it("'Send me a test report' calls the test report and says it is sent, or why not", async () => {
    const f = renderAt('notifications', { 'users.me.test-report': { success: true, message: 'Test report sent to demo@example.com.', sent: 3 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a test report' }));
    expect(await screen.findByText('Test report sent. It is on its way to your inbox.')).toBeTruthy();
    expect(f.calls.filter((c) => c.callId === 'users.me.test-report')).toHaveLength(1);

    const refused = Object.assign(new Error('You have no brand with an active subscription to report on yet.'), { status: 409 });
    renderAt('notifications', { 'users.me.test-report': refused });
    const buttons = await screen.findAllByRole('button', { name: 'Send me a test report' });
    fireEvent.click(buttons[buttons.length - 1]);
    expect(await screen.findByText('You have no brand with an active subscription to report on yet.')).toBeTruthy();
  });

  it('a privacy change sends all three settings with the new value', async () => {
    const f = renderAt('privacy', { 'users.me.privacy-settings': { data: { ...USER.privacySettings, surveyCommunications: false } } });
    fireEvent.click(await screen.findByRole('switch', { name: 'Surveys and research' }));
    await waitFor(() => expect(f.calls.some((c) => c.callId === 'users.me.privacy-settings')).toBe(true));
    const call = f.calls.find((c) => c.callId === 'users.me.privacy-settings')!;
    expect(call.input).toEqual({ body: { marketingEmails: false, surveyCommunications: false, analyticsTracking: true } });
  });
});

describe('settings page lint', () => {
  const lint = async (text: string) =>
    (await lintPages([{ file: join(DIR, 'settings.json'), text }], { cwd: join(DIR, '..') })).filter((d) => d.severity === 'error');

  it('a broken copy fails where each mistake is', async () => {
    const broken = structuredClone(settings) as any;
    const tabs = broken.layout.flatMap((row: any) => row.items).find((item: any) => item.query);
    tabs.query.values.billing = 'Billing and Plan';
    tabs.query.default = 'passwrd';
    broken.widgets.notifications.save.body.preferences = { $row: 'pach' };
    broken.widgets.plan.actions[0].action.call = 'billing.customer-portal';
    const text = JSON.stringify(broken, null, 2);
    const lines = text.split('\n');
    const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    const located = (await lint(text)).map((e) => `${e.rule}@${e.line}`);
    expect(located).toContain(`unknown-tab@${lineOf('"Billing and Plan"')}`);
    expect(located).toContain(`unknown-tab@${lineOf('"passwrd"')}`);
    expect(located).toContain(`toggle-list-row@${lineOf('"pach"')}`);
    expect(located).toContain(`unknown-call@${lineOf('"billing.customer-portal"')}`);
  });

  it('the page on disk lints clean', async () => {
    expect(await lint(readFileSync(join(DIR, 'settings.json'), 'utf8'))).toEqual([]);
  });
});
