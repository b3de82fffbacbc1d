import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { NEWS_ID, newsRecord, OLDER_NEWS_ID } from '../test-fixtures';
import { NewsListPage } from './news-list';

function mockApi() {
  const searches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname !== '/api/news') throw new Error(`unexpected ${url.pathname}`);
      searches.push(url.search);
      return jsonResponse({
        data: [
          newsRecord(),
          newsRecord({
            id: OLDER_NEWS_ID,
            subject: 'Wartung am Samstag',
            language: 'de',
            status: 'scheduled',
            reads: 0,
            audience: { roles: ['reseller'], partner_types: ['end-user'] },
          }),
        ],
        total: 2,
      });
    }),
  );
  return searches;
}

describe('NewsListPage', () => {
  it('lists news with language, audience, readers and status, and filters on the server', async () => {
    const searches = mockApi();
    renderWithProviders(
      <Suspense fallback={null}>
        <NewsListPage />
      </Suspense>,
      { path: '/news' },
    );
    const rows = await screen.findAllByTestId('news-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'New scanner formats' })).toHaveAttribute(
      'href',
      `/news/${NEWS_ID}/show`,
    );
    expect(within(rows[0]!).getByText('English')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Everyone')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('news-status')).toHaveTextContent('Published');
    expect(within(rows[1]!).getByText('Deutsch')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('reseller')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('news-status')).toHaveTextContent('Scheduled');
    expect(searches[0]).toBe('?page=1&per_page=25');

    await userEvent.selectOptions(screen.getByTestId('news-language-filter'), 'de');
    await vi.waitFor(() => expect(searches.at(-1)).toBe('?page=1&per_page=25&language=de'));
    await userEvent.selectOptions(screen.getByTestId('news-status-filter'), 'scheduled');
    await vi.waitFor(() => expect(searches.at(-1)).toBe('?page=1&per_page=25&language=de&status=scheduled'));
  });
});
