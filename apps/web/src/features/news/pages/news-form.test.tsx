import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { NEWS_ID, newsRecord } from '../test-fixtures';
import { NewsCreatePage, NewsEditPage } from './news-form';

type Call = { path: string; method: string; body: unknown };

function mockApi() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ path: url.pathname, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === `/api/news/${NEWS_ID}`) return jsonResponse(newsRecord());
      throw new Error(`unexpected ${method} ${url.pathname}`);
    }),
  );
  return calls;
}

describe('NewsForm', () => {
  it('asks for the subject and the text before anything is sent', async () => {
    const calls = mockApi();
    renderWithProviders(
      <Suspense fallback={null}>
        <NewsCreatePage />
      </Suspense>,
      { path: '/news/create' },
    );
    // The editor loads lazily, with its toolbar labelled in the user's language.
    expect(await screen.findByRole('button', { name: 'Bold' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the subject')).toBeInTheDocument();
    expect(screen.getByText('Write the text of the news')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('edits a news item: its text is in the editor, and the changes are sent with it', async () => {
    const calls = mockApi();
    renderWithProviders(
      <Suspense fallback={null}>
        <NewsEditPage />
      </Suspense>,
      { path: '/news/:id/edit', url: `/news/${NEWS_ID}/edit` },
    );
    const subject = await screen.findByLabelText(/Subject/);
    expect(subject).toHaveValue('New scanner formats');
    const editor = await screen.findByTestId('news-body-editor');
    await vi.waitFor(() => expect(editor.querySelector('.ProseMirror strong')).toHaveTextContent('PLY'));
    await userEvent.clear(subject);
    await userEvent.type(subject, 'PLY files supported');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/api/news/${NEWS_ID}`);
    expect(put.body).toMatchObject({
      subject: 'PLY files supported',
      language: 'en',
      body: '<p>We now read <strong>PLY</strong> files.</p>',
      publish_at: '2026-11-20T08:00:00.000Z',
      audience: { roles: [], partner_types: [] },
    });
  });
});
