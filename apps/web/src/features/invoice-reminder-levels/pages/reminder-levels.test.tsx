import type { ReminderLevel } from '@cuspid/contracts/reminder-levels';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { ReminderLevelsPage } from './reminder-levels';

const level = (overrides: Partial<ReminderLevel>): ReminderLevel => ({
  id: '99999999-9999-4999-8999-999999999991',
  level: 1,
  level_name: 'Friendly reminder',
  period_days: 7,
  reminder_fee: 0,
  start_text: 'Perhaps you missed our invoice.',
  end_text: null,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  ...overrides,
});

describe('ReminderLevelsPage', () => {
  it('lists the levels in their order with period, fee and texts, and deletes one after asking', async () => {
    const second = level({
      id: '99999999-9999-4999-8999-999999999992',
      level: 2,
      level_name: 'Second reminder',
      period_days: 1,
      reminder_fee: 500,
      start_text: null,
    });
    const calls = mockServer({
      '/api/invoice-reminder-level': () => jsonResponse({ data: [level({}), second], total: 2 }),
      [`/api/invoice-reminder-level/${second.id}`]: () => jsonResponse({ message: 'The reminder level was deleted' }),
    });
    renderWithProviders(
      <Suspense fallback={null}>
        <ReminderLevelsPage />
      </Suspense>,
      { path: '/invoice-reminder-levels' },
    );
    const rows = await screen.findAllByTestId('reminder-level-row');
    expect(rows[0]).toHaveTextContent('1Friendly reminder7 days€0.00Start text: Perhaps you missed our invoice.');
    expect(rows[1]).toHaveTextContent('2Second reminder1 day€5.00No texts');
    expect(within(rows[1]!).getByRole('link', { name: 'Second reminder' })).toHaveAttribute(
      'href',
      `/invoice-reminder-levels/${second.id}/edit`,
    );

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Delete Second reminder' }));
    const dialog = await screen.findByTestId('confirm-delete');
    expect(dialog).toHaveTextContent('Level 2: Second reminder');
    await userEvent.click(within(dialog).getByTestId('confirm-delete-submit'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
