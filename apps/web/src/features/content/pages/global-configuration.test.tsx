import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { GlobalConfigurationPage } from './global-configuration';

type Call = { path: string; method: string; body: unknown };

const configuration = {
  content: {
    en: { faq: [{ question: 'How do I send a case?', answer: 'Create a case.' }], data_privacy: '<p>Privacy</p>' },
  },
  updated_at: '2026-11-20T08:00:00.000Z',
};

function mockApi() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path: url.pathname, method, body });
      if (url.pathname === '/api/get-global-configuration') return jsonResponse(configuration);
      if (url.pathname === '/api/save-global-configuration') return jsonResponse({ ...body, updated_at: null });
      throw new Error(`unexpected ${method} ${url.pathname}`);
    }),
  );
  return calls;
}

describe('GlobalConfigurationPage', () => {
  it('edits the FAQ per language and saves English with every language that has content', async () => {
    const calls = mockApi();
    renderWithProviders(
      <Suspense fallback={null}>
        <GlobalConfigurationPage />
      </Suspense>,
      { path: '/global-configuration' },
    );
    expect(await screen.findByDisplayValue('How do I send a case?')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('content-tab-de'));
    expect(
      await screen.findByText('No questions in this language: its users see the English FAQ.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('faq-add-de'));
    // An empty question is not sent.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the question')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    const entry = screen.getByTestId('faq-entry');
    await userEvent.type(within(entry).getByLabelText(/Question 1/), 'Wie sende ich einen Fall?');
    await userEvent.type(within(entry).getByLabelText(/Answer/), 'Legen Sie einen Fall an.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      content: {
        en: configuration.content.en,
        de: { faq: [{ question: 'Wie sende ich einen Fall?', answer: 'Legen Sie einen Fall an.' }], data_privacy: '' },
      },
    });
  });
});
