import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MotionBehaviourProvider } from '@fluentui/react-motion';
import CardFeed, { type CardFeedConfig } from './CardFeed';
import { createPageValidator, renderInPageContext } from '../../engine/testing';
import { markdownText } from '../shared/markdownText';
import valid from './fixtures/valid.json';
import response from './fixtures/response.json';

// A text field declared "format": "markdown": the details dialog renders the answer's markdown
// (bold, lists, links) and never its raw HTML; the card's cut preview reads as plain words.
const config = {
  ...valid,
  card: { ...valid.card, text: { ...valid.card.text, format: 'markdown' } },
  detail: { ...valid.detail, text: { ...valid.detail.text, format: 'markdown' } },
} as unknown as CardFeedConfig;

const ANSWER = [
  'For freelancers, **Monzo** and *Wise* lead on fees.',
  '',
  '- Monzo: no monthly fee',
  '- Wise: [multi-currency](https://wise.example/fees)',
  '',
  '<script>window.__injected = true</script>',
  '<img src="x" onerror="window.__injected = true">',
  '',
  'A [bad link](javascript:window.__injected=true) and <b onclick="window.__injected = true">inline html</b>.',
].join('\n');

function show() {
  const data = structuredClone(response);
  data.openai[1].responseText = ANSWER;
  return renderInPageContext(
    <MotionBehaviourProvider value="skip">
      <CardFeed id="w" config={config} data={data} />
    </MotionBehaviourProvider>,
  );
}

const pageWith = (widget: unknown) => ({ version: 1, id: 't', route: '/t', title: 'T', widgets: { w: widget }, layout: [{ items: [{ widget: 'w' }] }] });

describe('cardFeed markdown text', () => {
  it('is accepted by the page schema as "markdown" or "plain", and nothing else', () => {
    const { validate } = createPageValidator();
    expect(validate(pageWith(config)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(pageWith({ ...config, detail: { ...config.detail, text: { field: 'responseText', format: 'plain' } } }))).toBe(true);
    expect(validate(pageWith({ ...config, detail: { ...config.detail, text: { field: 'responseText', format: 'html' } } }))).toBe(false);
  });

  it('renders the answer in the details dialog: bold, lists and links, no raw markup', async () => {
    show();
    fireEvent.click(screen.getAllByTestId('feed-card')[0]);
    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByTestId('feed-detail-text');
    expect(text.textContent).not.toContain('**');
    expect(text.querySelector('strong')!.textContent).toBe('Monzo');
    expect(text.querySelector('em')!.textContent).toBe('Wise');
    expect([...text.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Monzo: no monthly fee', 'Wise: multi-currency']);
    const link = within(text).getByRole('link', { name: 'multi-currency' });
    expect(link.getAttribute('href')).toBe('https://wise.example/fees');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('never renders HTML from the answer: no script, no event handler attribute, no javascript: link', async () => {
    show();
    fireEvent.click(screen.getAllByTestId('feed-card')[0]);
    const text = within(await screen.findByRole('dialog')).getByTestId('feed-detail-text');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror], [onclick]')).toBeNull();
    expect(text.querySelector('img, b')).toBeNull();
    expect(text.innerHTML).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(within(text).getByText('bad link').getAttribute('href') ?? '').not.toMatch(/javascript:/i);
    expect((window as { __injected?: boolean }).__injected).toBeUndefined();
  });

  it("cuts the card's preview from the words, not the markup", () => {
    show();
    const preview = within(screen.getAllByTestId('feed-card')[0]).getByTestId('feed-card-text').textContent!;
    const words = markdownText(ANSWER);
    expect(preview).toBe(words.length > 200 ? `${words.slice(0, 200)}…` : words);
    expect(preview.startsWith('For freelancers, Monzo and Wise lead on fees. Monzo: no monthly fee Wise: multi-currency')).toBe(true);
    expect(preview).not.toMatch(/\*\*|<script|onerror/);
  });
});
