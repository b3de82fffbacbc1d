import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { feedItem, NEWS_ID, OLDER_NEWS_ID } from '../test-fixtures';
import { NewsFeed } from './news-feed';

type Call = { path: string; method: string; search: string };

function mockApi() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ path: url.pathname, method: init?.method ?? 'GET', search: url.search });
      if (url.pathname === '/api/news-feed')
        return jsonResponse({
          data: [
            feedItem(),
            feedItem({
              id: OLDER_NEWS_ID,
              subject: 'Maintenance on Saturday',
              publish_at: '2026-11-10T08:00:00.000Z',
              read_at: '2026-11-11T08:00:00.000Z',
            }),
          ],
          total: 2,
          unread: 1,
          language: 'en',
        });
      if (url.pathname === `/api/news-feed/${NEWS_ID}/read` && init?.method === 'POST')
        return jsonResponse(feedItem({ read_at: '2026-11-21T09:00:00.000Z' }));
      throw new Error(`unexpected ${init?.method ?? 'GET'} ${url.pathname}`);
    }),
  );
  return calls;
}

describe('NewsFeed', () => {
  it('shows the news newest first with unread markers, and marks an item read when it is opened', async () => {
    const calls = mockApi();
    renderWithProviders(<NewsFeed />, { path: '/home' });
    const items = await screen.findAllByTestId('news-feed-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('New scanner formats')).toBeInTheDocument();
    expect(within(items[0]!).getByTestId('news-unread')).toHaveTextContent('New');
    expect(within(items[1]!).queryByTestId('news-unread')).not.toBeInTheDocument();
    expect(screen.getByTestId('news-unread-count')).toHaveTextContent('1 unread');
    expect(calls[0]!.search).toBe('?language=en&page=1&per_page=5');

    await userEvent.click(within(items[0]!).getByRole('button', { name: /New scanner formats/ }));
    expect(await within(items[0]!).findByTestId('news-feed-body')).toHaveTextContent('We now read PLY files.');
    await vi.waitFor(() => expect(within(items[0]!).queryByTestId('news-unread')).not.toBeInTheDocument());
    expect(screen.queryByTestId('news-unread-count')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/news-feed/${NEWS_ID}/read`]);

    // An item already read is not marked again.
    await userEvent.click(within(items[1]!).getByRole('button', { name: /Maintenance on Saturday/ }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says so when there is no news', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: [], total: 0, unread: 0, language: 'en' })),
    );
    renderWithProviders(<NewsFeed />, { path: '/home' });
    expect(await screen.findByTestId('news-feed-empty')).toHaveTextContent('There is no news for you yet.');
  });
});
