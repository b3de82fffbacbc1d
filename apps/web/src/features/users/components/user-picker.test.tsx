import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer, userRecord } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { UserPicker } from './user-picker';

const ADA = userRecord({ id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', mail: 'ada@example.com' });
const ALAN = userRecord({
  id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  first_name: 'Alan',
  last_name: 'Turing',
  mail: 'alan@example.com',
});

function Harness({ initial = '', onChange }: { initial?: string; onChange: (id: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <UserPicker
      label="Changed by"
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
      data-testid="picker"
    />
  );
}

describe('UserPicker', () => {
  it('finds users by the typed name or mail, shows name and mail, and gives the chosen user’s id', async () => {
    const calls = mockServer({
      '/auth/list-users': () => jsonResponse({ data: [ADA, ALAN], count: 2 }),
    });
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onChange={onChange} />);

    await user.type(screen.getByTestId('picker'), 'exam');
    const option = await screen.findByRole('option', { name: /Alan Turing/ }, { timeout: 3000 });
    expect(option).toHaveTextContent('alan@example.com');
    const search = calls.find((c) => c.path === '/auth/list-users')!.search;
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      limit_start: '0',
      limit_count: '20',
      search: 'exam',
    });

    await user.click(option);
    expect(onChange).toHaveBeenLastCalledWith(ALAN.id);
    await waitFor(() => expect(screen.getByTestId('picker')).toHaveValue('Alan Turing'));
  });

  it('names the user of a value it was given, and shows the id of a user that cannot be read', async () => {
    mockServer({
      '/auth/list-user-by-id': ({ search }) =>
        new URLSearchParams(search).get('id') === ADA.id
          ? jsonResponse(ADA)
          : jsonResponse({ code: 'NOT_FOUND', message: 'gone' }, 404),
    });
    const first = renderWithProviders(<Harness initial={ADA.id} onChange={vi.fn()} />);
    await waitFor(() => expect(screen.getByTestId('picker')).toHaveValue('Ada Lovelace'));
    first.unmount();

    const gone = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
    renderWithProviders(<Harness initial={gone} onChange={vi.fn()} />);
    await waitFor(() => expect(screen.getByTestId('picker')).toHaveValue(gone));
  });

  it('offers a pasted user id as it is, without searching', async () => {
    const calls = mockServer({});
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onChange={onChange} />);
    await user.click(screen.getByTestId('picker'));
    await user.paste(ALAN.id.toUpperCase());
    await user.click(await screen.findByRole('option', { name: ALAN.id }, { timeout: 3000 }));
    expect(onChange).toHaveBeenLastCalledWith(ALAN.id);
    expect(calls.filter((c) => c.path === '/auth/list-users')).toEqual([]);
  });
});
