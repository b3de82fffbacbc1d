import type { MailTemplate } from '@cuspid/contracts/mail';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { MailTemplateEditPage } from './mail-template-edit';

const TEMPLATE: MailTemplate = {
  id: '5c1c3f5e-7a7b-4a55-9d3e-0a1b2c3d4e5f',
  name: 'Registration welcome',
  event: 'registration.welcome',
  contents: {
    en: { subject: 'Welcome to Cuspid', body: '<p>Hello {{ mail }}</p>' },
    de: { subject: 'Willkommen bei Cuspid', body: '<p>Hallo {{ mail }}</p>' },
  },
  variables: [{ name: 'mail', description: 'Mail address', example: 'anna@example.com' }],
  is_default: true,
  created_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
};

type Call = { path: string; body: unknown };

function mockServer(answers: { update?: (body: Record<string, unknown>) => Response } = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path: url.pathname, body });
    if (url.pathname === '/mail/list-mail-template-by-id') return Promise.resolve(jsonResponse(TEMPLATE));
    if (url.pathname === '/mail/preview-mail-template') {
      // A stand-in for the server's renderer: enough to see which language and values were sent.
      const { contents, variables } = body as {
        contents: { subject: string; body: string };
        variables: Record<string, string>;
      };
      const fill = (s: string) => s.replace(/\{\{ (\w+) \}\}/g, (_, name: string) => variables[name] ?? '');
      return Promise.resolve(
        jsonResponse({ subject: fill(contents.subject), html: fill(contents.body), text: fill(contents.body) }),
      );
    }
    if (url.pathname === '/mail/update-mail-template') {
      return Promise.resolve(answers.update?.(body) ?? jsonResponse({ ...TEMPLATE, ...body }));
    }
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'not mocked' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderEditor() {
  return renderWithProviders(
    <Suspense fallback={null}>
      <MailTemplateEditPage />
    </Suspense>,
    { path: '/mail-templates/:id/edit', url: `/mail-templates/${TEMPLATE.id}/edit` },
  );
}

describe('MailTemplateEditPage', () => {
  it('asks for no preview while the new template has no subject or body, and for one once it has', async () => {
    const calls = mockServer();
    const user = userEvent.setup();
    renderWithProviders(
      <Suspense fallback={null}>
        <MailTemplateEditPage />
      </Suspense>,
      { path: '/mail-templates/create', url: '/mail-templates/create' },
    );
    expect(await screen.findByText('Write a subject and a body to see the preview.')).toBeInTheDocument();
    // Past the preview's debounce (400 ms): still no request (the server would answer 400).
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls.filter((c) => c.path === '/mail/preview-mail-template')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: 'Body (HTML)' }), '<p>Hi</p>');
    expect(await screen.findByTestId('mail-preview-subject')).toHaveTextContent('Hello');
    expect(calls.filter((c) => c.path === '/mail/preview-mail-template').length).toBeGreaterThan(0);
  });

  it('previews the chosen language with the example values and saves every language', async () => {
    const calls = mockServer();
    const user = userEvent.setup();
    renderEditor();

    expect(await screen.findByTestId('mail-preview-subject')).toHaveTextContent('Welcome to Cuspid');
    expect(screen.getByRole('textbox', { name: 'Body (HTML)' })).toHaveValue('<p>Hello {{ mail }}</p>');
    await user.click(screen.getByText('Deutsch'));
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveValue('Willkommen bei Cuspid');
    await user.clear(subject);
    await user.type(subject, 'Hallo {{{{ mail }}');
    await waitFor(() => expect(screen.getByTestId('mail-preview-subject')).toHaveTextContent('Hallo anna@example.com'));

    await user.click(screen.getByTestId('mail-template-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/mail/update-mail-template')).toBe(true));
    const saved = calls.find((c) => c.path === '/mail/update-mail-template')?.body as Record<string, unknown>;
    expect(saved).toMatchObject({
      id: TEMPLATE.id,
      name: 'Registration welcome',
      event: 'registration.welcome',
      contents: { en: TEMPLATE.contents.en, de: { subject: 'Hallo {{ mail }}', body: '<p>Hallo {{ mail }}</p>' } },
      variables: TEMPLATE.variables,
    });
    // The empty French version is left out: mails in French fall back to English.
    expect(Object.keys(saved.contents as object)).toEqual(['en', 'de']);
    expect(await screen.findByTestId('notification-success')).toHaveTextContent('The mail template was saved');
  }, 20_000);

  it('shows the server’s template error on the field of the language being edited', async () => {
    mockServer({
      update: () =>
        jsonResponse(
          {
            code: 'VALIDATION_FAILED',
            message: 'The template cannot be read',
            errors: { 'contents.en.body': ['The template cannot be read: tag "if" not closed'] },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderEditor();
    await screen.findByTestId('mail-preview-subject');
    await user.click(screen.getByTestId('mail-template-save'));
    expect(await screen.findByText('The template cannot be read: tag "if" not closed')).toBeInTheDocument();
    expect(await screen.findByTestId('notification-error')).toBeInTheDocument();
  }, 20_000);
});
