import { render } from '@react-email/render';
import type { ReactElement } from 'react';

/** An email's two parts from one React Email template: the HTML and its plain-text rendering. */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
