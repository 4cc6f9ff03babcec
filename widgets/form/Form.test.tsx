import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { WidgetConfig } from '../../engine';
import { fakeFetcher, renderWidget } from '../../engine/testing';
import profile from './fixtures/profile.json';
import { withMessages } from './errorMessages';

const config = profile as unknown as WidgetConfig;
const USER = { id: 'usr_1', name: 'Dana Demo', email: 'demo@example.com', phone: null };

function setup(responses: Record<string, unknown> = {}) {
  let stored = { ...USER };
  const fake = fakeFetcher({
    'users.me.get': () => stored,
    'users.me.update': (input: { body: Record<string, unknown> }) => (stored = { ...stored, ...input.body } as typeof stored),
    ...responses,
  });
  renderWidget(config, { fetcher: fake.fetcher });
  return fake;
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const shownValue = (key: string) => document.querySelector(`[data-testid="form-values"] [data-field="${key}"]`)?.textContent;

describe('form with view and edit modes', () => {
  it('opens read-only with the record, and Edit Profile makes it editable except the email', async () => {
    setup();
    await screen.findByRole('button', { name: 'Edit Profile' });
    expect(shownValue('name')).toBe('Dana Demo');
    expect(shownValue('phone')).toBe('—');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(field(/Full Name/).value).toBe('Dana Demo');
    expect(field(/Full Name/).disabled).toBe(false);
    expect(field(/Email/).disabled).toBe(true);
    expect(field(/Email/).value).toBe('demo@example.com');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });

  it('Save Changes sends the values and returns to viewing the saved record', async () => {
    const fake = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(field(/Full Name/), { target: { value: 'Dana D. Demo' } });
    fireEvent.change(field(/Phone/), { target: { value: '+1 555 0100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('button', { name: 'Edit Profile' });
    const update = fake.calls.find((c) => c.callId === 'users.me.update')!;
    expect((update.input as { body: unknown }).body).toEqual({ name: 'Dana D. Demo', email: 'demo@example.com', phone: '+1 555 0100' });
    await waitFor(() => expect(shownValue('name')).toBe('Dana D. Demo'));
    expect(shownValue('phone')).toBe('+1 555 0100');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Profile updated.')).toBeTruthy();
  });

  it('Cancel puts the record back; a blank name says Name is required and cannot be saved', async () => {
    const fake = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(field(/Full Name/), { target: { value: '' } });
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(shownValue('name')).toBe('Dana Demo');
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(field(/Full Name/).value).toBe('Dana Demo');
    expect(fake.calls.some((c) => c.callId === 'users.me.update')).toBe(false);
  });

  it('maps validator errors to the configured copy by field and keyword', () => {
    const errors = withMessages(
      [
        { name: 'required', property: '.name', params: { missingProperty: 'name' }, message: "must have required property 'name'", stack: '' },
        { name: 'format', property: '.email', params: { format: 'email' }, message: 'must match format "email"', stack: '' },
        { name: 'maxLength', property: '.phone', params: {}, message: 'too long', stack: '' },
      ],
      profile.errorMessages,
    );
    expect(errors.map((e) => e.message)).toEqual(['Name is required', 'Invalid email address', 'too long']);
  });
});
