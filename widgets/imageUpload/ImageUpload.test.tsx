import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import ImageUpload from './ImageUpload';
import { acceptsFile } from './accept';
import { fakeScope, renderInPageContext, testPageContext } from '../../engine/testing';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';
import type { ImageUploadConfig } from './config.generated';

const config = valid as unknown as ImageUploadConfig;

function setup(api = vi.fn(async () => ({ ...response, profilePicture: '/api/users/profile-pictures/new.png' }))) {
  const refresh = vi.fn(async () => null);
  renderInPageContext(<ImageUpload id="avatar" config={config} data={response} />, testPageContext(), { api, scope: { ...fakeScope(), refresh } });
  return { api, refresh, input: screen.getByTestId('upload-input') as HTMLInputElement };
}

describe('imageUpload', () => {
  it('shows the name, caption, plan badge and the facts with their labels', () => {
    setup();
    expect(screen.getByRole('heading', { name: response.name })).toBeTruthy();
    expect(screen.getByText(response.email)).toBeTruthy();
    expect(screen.getByTestId('upload-badge').textContent).toBe(`${response.userSubscription.pricingPlan.name} Plan`);
    const value = (field: string) => document.querySelector(`[data-field="${field}"]`)!.textContent;
    expect(value('id')).toBe(response.id);
    expect(value('userSubscription.status')).toBe('Trial');
    expect(value('userSubscription.pricingPlan.name')).toBe('Growth');
  });

  it('labels a missing plan Free and a lapsed subscription Inactive', () => {
    const lapsed = { ...response, userSubscription: { status: 'canceled', pricingPlan: null } };
    renderInPageContext(<ImageUpload id="avatar" config={config} data={lapsed} />);
    expect(screen.getByTestId('upload-badge').textContent).toBe('Free');
    expect(document.querySelector('[data-field="userSubscription.status"]')!.textContent).toBe('Inactive');
    expect(document.querySelector('[data-field="userSubscription.pricingPlan.name"]')!.textContent).toBe('Free');
  });

  it('refuses a file that is not an image before sending anything', async () => {
    const { api, input } = setup();
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(config.upload.rejectMessage);
    expect(api).not.toHaveBeenCalled();
  });

  it('sends an image as form data in the configured field, then reloads the session', async () => {
    const { api, refresh, input } = setup();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(api).toHaveBeenCalledTimes(1);
    const [callId, req] = api.mock.calls[0] as unknown as [string, { body: FormData }];
    expect(callId).toBe('users.me.profile-picture');
    expect(req.body).toBeInstanceOf(FormData);
    expect((req.body.get('profilePicture') as File).name).toBe('me.png');
  });

  it('shows the configured copy for a refused upload', async () => {
    const api = vi.fn(async () => { throw Object.assign(new Error('Unsupported'), { status: 415 }); });
    const { input, refresh } = setup(api);
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.tiff', { type: 'image/tiff' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(config.upload.errors!['415']);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('matches accept lists like the browser picker', () => {
    expect(acceptsFile('image/*', { name: 'a.svg', type: 'image/svg+xml' })).toBe(true);
    expect(acceptsFile('image/*', { name: 'a.txt', type: 'text/plain' })).toBe(false);
    expect(acceptsFile('image/png, .jpg', { name: 'A.JPG', type: '' })).toBe(true);
    expect(acceptsFile(undefined, { name: 'a', type: '' })).toBe(true);
  });
});
