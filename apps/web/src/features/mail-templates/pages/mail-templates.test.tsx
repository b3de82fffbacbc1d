import type { MailTemplate } from '@cuspid/contracts/mail';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { MailTemplatesPage } from './mail-templates';

const template = (id: string, name: string): MailTemplate => ({
  id,
  name,
  event: null,
  contents: {},
  variables: [],
  is_default: true,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});

describe('MailTemplatesPage', () => {
  it('names the templates the product ships in the user language and keeps an own name', async () => {
    await setLanguage('de', { remember: false });
    const templates = [
      template('0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', 'Case approved'),
      template('1b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', 'Our spring newsletter'),
    ];
    mockServer({ '/mail/list-mail-templates': () => jsonResponse({ data: templates, total: 2 }) });
    renderWithProviders(
      <Suspense fallback={null}>
        <MailTemplatesPage />
      </Suspense>,
      { path: '/mail-templates', url: '/mail-templates' },
    );
    expect(await screen.findByText('Fall freigegeben', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Our spring newsletter')).toBeInTheDocument();
    expect(screen.queryByText('Case approved')).toBeNull();
  }, 20_000);
});
