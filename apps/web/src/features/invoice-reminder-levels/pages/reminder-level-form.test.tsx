import type { ReminderLevel } from '@cuspid/contracts/reminder-levels';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { ReminderLevelCreatePage, ReminderLevelEditPage } from './reminder-level-form';

const ID = '99999999-9999-4999-8999-999999999999';
const friendly: ReminderLevel = {
  id: ID,
  level: 1,
  level_name: 'Friendly reminder',
  period_days: 7,
  reminder_fee: 0,
  start_text: 'Perhaps you missed our invoice.',
  end_text: null,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
};

describe('ReminderLevelForm', () => {
  it('creates a level after the last one, its fee in cents', async () => {
    const calls = mockServer({ '/api/invoice-reminder-level': () => jsonResponse(friendly, 201) });
    renderWithProviders(
      <Suspense fallback={null}>
        <ReminderLevelCreatePage />
      </Suspense>,
      { path: '/invoice-reminder-levels/create' },
    );
    const form = await screen.findByTestId('reminder-level-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText(/^Level name/), 'Second reminder');
    const fee = within(form).getByLabelText(/^Reminder fee/);
    await userEvent.clear(fee);
    await userEvent.type(fee, '2.5');
    await userEvent.type(within(form).getByLabelText('Start text'), 'Please pay now.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.getByTestId('navigated')).toBeInTheDocument());
    expect(calls[0]!.body).toEqual({
      level_name: 'Second reminder',
      period_days: 14,
      reminder_fee: 250,
      start_text: 'Please pay now.',
      end_text: null,
    });
  });

  it('says on the level field that another level holds it', async () => {
    const calls = mockServer({
      [`/api/invoice-reminder-level/${ID}`]: (call) =>
        call.method === 'PUT'
          ? jsonResponse({ code: 'REMINDER_LEVEL_TAKEN', message: 'Level 2 exists already', params: { level: 2 } }, 409)
          : jsonResponse(friendly),
    });
    renderWithProviders(
      <Suspense fallback={null}>
        <ReminderLevelEditPage />
      </Suspense>,
      { path: '/invoice-reminder-levels/:id/edit', url: `/invoice-reminder-levels/${ID}/edit` },
    );
    const form = await screen.findByTestId('reminder-level-form');
    const level = within(form).getByRole('textbox', { name: /^Level$/ });
    expect(level).toHaveValue('1');
    await userEvent.clear(level);
    await userEvent.type(level, '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Level 2 exists already')).toBeInTheDocument();
    expect(level).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ level: 2, reminder_fee: 0 });
  });
});
