import { Badge } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render-app';
import { type ListColumn, type ListPage, ServerList } from './server-list';

type Row = { id: string; number: string; subject: string; status: string; at: string; total: string };

const rows: Row[] = [
  {
    id: '1',
    number: 'T-2026-000004',
    subject: 'A long subject',
    status: 'Employee',
    at: '29.11.2026, 04:48',
    total: '9',
  },
];
const query = {
  data: { data: rows, total: 1 },
  isError: false,
  isPlaceholderData: false,
  isFetching: false,
} as unknown as UseQueryResult<ListPage<Row>>;

const columns: ListColumn<Row>[] = [
  { key: 'number', kind: 'code', label: 'Number', render: (row) => row.number },
  { key: 'subject', label: 'Subject', render: (row) => row.subject },
  { key: 'status', kind: 'badge', label: 'Status', render: (row) => <Badge>{row.status}</Badge> },
  { key: 'at', kind: 'date', label: 'Updated', render: (row) => row.at },
  { key: 'total', kind: 'money', label: 'Total', render: (row) => row.total },
];

describe('ServerList columns', () => {
  it('marks every header and cell with its column kind; only text may wrap, figures align at the end', async () => {
    renderWithProviders(<ServerList testId="things" columns={columns} query={query} />);
    const table = await screen.findByTestId('things-table');
    expect(table).toHaveAttribute('data-list-table');
    const cell = (text: string) => screen.getByText(text).closest('td');
    const header = (text: string) => screen.getByRole('columnheader', { name: text });

    expect(cell('T-2026-000004')).toHaveAttribute('data-column-kind', 'code');
    expect(cell('T-2026-000004')).toHaveAttribute('data-one-line');
    expect(cell('29.11.2026, 04:48')).toHaveAttribute('data-one-line');
    expect(cell('Employee')).toHaveAttribute('data-column-kind', 'badge');
    expect(cell('A long subject')).toHaveAttribute('data-column-kind', 'text');
    expect(cell('A long subject')).not.toHaveAttribute('data-one-line');
    expect(cell('9')).toHaveAttribute('data-align-end');
    expect(header('Total')).toHaveAttribute('data-align-end');
    expect(header('Updated')).toHaveAttribute('data-column-kind', 'date');
  });
});
