import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import onboarding from './onboarding.json';
import { fakeFetcher, renderPage } from '../engine/testing';
import type { HostScope, PageDefinition } from '../engine';

// The onboarding wizard (/onboarding?page=1..3): account type and terms (no call), the brand
// (saved with step 2), the prompts (saved with step 3, then the streamed insight generation with
// its progress), then the snapshot.

const page = onboarding as unknown as PageDefinition;
const EMPTY_PROGRESS = { id: null, name: null, url: null, location: null, prompts: [], snapshotGenerated: false, step: null, accountType: null };
const SUGGESTED = [
  { prompt: 'Best project management tools for small teams', weightageScore: 92 },
  { prompt: 'Which task tracker integrates with Slack?', weightageScore: 80 },
  { prompt: 'Top alternatives to spreadsheets for planning', weightageScore: 71 },
  { prompt: 'Is a kanban board better than a gantt chart?', weightageScore: 55 },
];
const newUser: HostScope = { user: { id: 'usr_new', name: 'New', email: 'new@example.com', userSubscription: null, userBrands: [] }, brand: null, refresh: async () => null };
const progressLabel = () => screen.getByTestId('wizard-progress').textContent;

/** A stream answering NDJSON lines one chunk at a time; `release` ends it. */
function fakeStream(lines: unknown[]) {
  let release: () => void = () => {};
  const sent: Array<{ callId: string; input: unknown }> = [];
  const stream = async (callId: string, input: unknown, onChunk: (t: string) => void) => {
    sent.push({ callId, input });
    const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
    // a line split across two chunks must still be read whole
    onChunk(text.slice(0, 25));
    onChunk(text.slice(25));
    await new Promise<void>((resolve) => (release = resolve));
  };
  return { stream, sent, release: () => release() };
}

describe('onboarding page', () => {
  it('sends a user whose snapshot was generated to the snapshot', async () => {
    const api = fakeFetcher({ 'onboarding.progress': { ...EMPTY_PROGRESS, snapshotGenerated: true } });
    renderPage(page, { fetcher: api.fetcher, scope: newUser });
    expect(await screen.findByTestId('navigated')).toBeTruthy();
  });

  it('step 1 needs an account type and the terms; Agency is disabled; no call is made', async () => {
    const api = fakeFetcher({ 'onboarding.progress': EMPTY_PROGRESS });
    renderPage(page, { fetcher: api.fetcher, scope: newUser });
    expect(await screen.findByRole('heading', { name: 'Choose your account type' })).toBeTruthy();
    expect(progressLabel()).toBe('Step 1 of 3');
    expect(screen.getByRole('progressbar', { name: 'Step 1 of 3' })).toBeTruthy();
    expect(screen.getByTestId('wizard-banner').textContent).toBe('AI is changing everything and so are we.');
    await waitFor(() => expect(document.title).toBe('Onboarding - Account Type'));
    expect((screen.getByRole('radio', { name: 'Agency' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(await screen.findByText('Account type is required')).toBeTruthy();
    expect(screen.getByText('You must accept the terms and conditions')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Individual' }));
    fireEvent.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(screen.queryByText('Account type is required')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(await screen.findByRole('heading', { name: 'Tell us about your brand' })).toBeTruthy();
    expect(api.calls.map((c) => c.callId)).toEqual(['onboarding.progress']);
    expect(screen.getByTestId('wizard-banner').textContent).toBe('Beyond the Search Bar.');
  });

  it('walks pages 2 and 3: saves with the step, streams generation with its progress, then opens the snapshot', async () => {
    const user = userEvent.setup();
    const api = fakeFetcher({
      'onboarding.progress': { ...EMPTY_PROGRESS, accountType: 'individual' },
      'onboarding.save': (input: { body: { step: number } }) =>
        input.body.step === 2
          ? { success: true, step: 2, brandId: 'brd_new', suggestedPrompts: SUGGESTED, promptCount: null }
          : { success: true, step: 3, brandId: 'brd_new', suggestedPrompts: [], promptCount: 3 },
    });
    const generation = fakeStream([
      { type: 'start', brandId: 'brd_new', prompts: 3 },
      { type: 'prompt', prompt: SUGGESTED[0].prompt, completed: 1, total: 3, runs: 3, failed: 0 },
      { type: 'prompt', prompt: SUGGESTED[1].prompt, completed: 2, total: 3, runs: 3, failed: 0 },
    ]);
    renderPage(page, { fetcher: api.fetcher, scope: newUser, path: '/onboarding?page=2', host: { stream: generation.stream } });
    expect(await screen.findByRole('heading', { name: 'Tell us about your brand' })).toBeTruthy();
    // empty fields: the brand messages
    fireEvent.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(await screen.findByText('Brand name is required')).toBeTruthy();
    expect(screen.getByText('Brand website is required')).toBeTruthy();
    expect(screen.getByText('Country selection is required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Brand name' }), 'Taskly');
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'https://taskly.io');
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next Step' }));

    expect(await screen.findByRole('heading', { name: 'Suggested Prompts' })).toBeTruthy();
    expect(progressLabel()).toBe('Step 3 of 3');
    expect(api.calls[1]).toEqual({
      callId: 'onboarding.save',
      input: { body: { step: 2, accountType: 'individual', termsAccepted: false, brandName: 'Taskly', brandWebsite: 'https://taskly.io', brandCountry: 'DE' } },
    });
    const group = within(screen.getByRole('group', { name: 'Prompts' }));
    expect((group.getAllByRole('checkbox') as HTMLInputElement[]).filter((c) => c.checked)).toHaveLength(3);
    // no plan limit here: a custom prompt is added and ticked on top of the three
    await user.type(group.getByRole('textbox'), 'How do teams plan sprints?');
    await user.click(group.getByRole('button', { name: 'Add New' }));

    fireEvent.click(screen.getByRole('button', { name: 'Generate Insights' }));
    expect((await screen.findByTestId('wizard-stream-progress')).textContent).toBe('Analyzing prompt 2 of 3...');
    expect(screen.getByRole('progressbar', { name: 'Analyzing prompt 2 of 3...' }).getAttribute('aria-valuenow')).toBe(String(2 / 3));
    expect(api.calls[2]).toEqual({
      callId: 'onboarding.save',
      input: {
        body: {
          step: 3,
          accountType: 'individual',
          termsAccepted: false,
          brandName: 'Taskly',
          brandWebsite: 'https://taskly.io',
          brandCountry: 'DE',
          selectedPrompts: [...SUGGESTED.slice(0, 3).map((p) => p.prompt), 'How do teams plan sprints?'],
        },
      },
    });
    expect(generation.sent).toEqual([{ callId: 'onboarding.generate-insights', input: { query: { brandId: 'brd_new' } } }]);
    generation.release();
    expect(await screen.findByTestId('navigated')).toBeTruthy();
  });

  it('a failed save shows the error and stays on the step', async () => {
    const user = userEvent.setup();
    const api = fakeFetcher({ 'onboarding.progress': EMPTY_PROGRESS, 'onboarding.save': Object.assign(new Error('Server error occurred. Please try again.'), { status: 500 }) });
    renderPage(page, { fetcher: api.fetcher, scope: newUser, path: '/onboarding?page=2' });
    await user.type(await screen.findByRole('textbox', { name: 'Brand name' }), 'Taskly');
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'https://taskly.io');
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next Step' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error saving data. Please try again.');
    expect(progressLabel()).toBe('Step 2 of 3');
  });

  it('a failed generation shows the error and stays on page 3', async () => {
    const api = fakeFetcher({
      'onboarding.progress': { ...EMPTY_PROGRESS, id: 'brd_new', name: 'Taskly', url: 'https://taskly.io', location: 'DE', prompts: [{ prompt: 'A' }, { prompt: 'B' }], accountType: 'individual', step: 3 },
      'onboarding.save': { success: true, step: 3, brandId: 'brd_new', suggestedPrompts: [], promptCount: 2 },
    });
    const failing = async (_id: string, _input: unknown, onChunk: (t: string) => void) => onChunk('{"type":"error","message":"Provider down"}\n');
    renderPage(page, { fetcher: api.fetcher, scope: newUser, path: '/onboarding?page=3', host: { stream: failing } });
    expect(await screen.findByRole('heading', { name: 'Suggested Prompts' })).toBeTruthy();
    // the saved prompts come back ticked
    expect((within(screen.getByRole('group', { name: 'Prompts' })).getAllByRole('checkbox') as HTMLInputElement[]).map((c) => c.checked)).toEqual([true, true]);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Insights' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error saving data. Please try again.');
    expect(progressLabel()).toBe('Step 3 of 3');
    expect(screen.queryByTestId('navigated')).toBeNull();
  });

  it('disables the brand inputs when progress already has the brand name and website', async () => {
    const api = fakeFetcher({
      'onboarding.progress': { ...EMPTY_PROGRESS, id: 'brd_new', name: 'Taskly', url: 'https://taskly.io', location: 'DE', accountType: 'individual', step: 2 },
    });
    renderPage(page, { fetcher: api.fetcher, scope: newUser, path: '/onboarding?page=2' });
    const name = (await screen.findByRole('textbox', { name: 'Brand name' })) as HTMLInputElement;
    expect(name.value).toBe('Taskly');
    expect(name.disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Website' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Country' }).textContent).toContain('Germany');
  });
});
