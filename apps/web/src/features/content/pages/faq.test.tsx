import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { DataPrivacyPage } from './data-privacy';
import { FaqPage } from './faq';

function mockApi() {
  const searches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      searches.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/content/faq')
        return jsonResponse({
          language: 'en',
          entries: [{ question: 'How do I send a case?', answer: 'Create a case.\nThen upload both jaws.' }],
        });
      if (url.pathname === '/api/content/data-privacy')
        return jsonResponse({
          language: 'en',
          html: '<h2>Who is responsible</h2><p>Your practice.</p>',
          updated_at: '2026-11-20T08:00:00.000Z',
        });
      throw new Error(`unexpected ${url.pathname}`);
    }),
  );
  return searches;
}

describe('help pages', () => {
  it('show the FAQ configured for the language of the user', async () => {
    const searches = mockApi();
    renderWithProviders(<FaqPage />, { path: '/faq' });
    await userEvent.click(await screen.findByRole('button', { name: 'How do I send a case?' }));
    expect(await screen.findByText(/Then upload both jaws\./)).toBeInTheDocument();
    expect(searches).toEqual(['/api/content/faq?language=en']);
  });

  it('show the data-privacy text configured for the language of the user', async () => {
    const searches = mockApi();
    renderWithProviders(<DataPrivacyPage />, { path: '/data-privacy' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Who is responsible' })).toBeInTheDocument();
    expect(screen.getByTestId('privacy-text')).toHaveTextContent('Your practice.');
    expect(searches).toEqual(['/api/content/data-privacy?language=en']);
  });
});
