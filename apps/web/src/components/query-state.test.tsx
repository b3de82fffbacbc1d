import type { UseQueryResult } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { errorMessage } from '../lib/notify';
import { renderWithProviders } from '../testing/render-app';
import { QueryState } from './query-state';

/** The part of a failed query QueryState reads. */
const failed = (error: Error) => ({ isError: true, error, data: undefined }) as unknown as UseQueryResult<string>;
const loaded = (data: string[]) => ({ isError: false, error: null, data, refetch: vi.fn() });

describe('QueryState', () => {
  it('shows the not-found page with the way back to its list when the server answers 404', async () => {
    renderWithProviders(
      <QueryState
        query={failed(new ApiError(404, { code: 'NOT_FOUND', message: 'Not found' }))}
        loadFailed="The customer could not be loaded."
        back={{ to: '/customers', list: 'Customers' }}
      >
        {(data) => data}
      </QueryState>,
      { path: '/customers/x/show' },
    );

    expect(await screen.findByRole('heading', { name: 'This record was not found' })).toBeInTheDocument();
    expect(
      screen.getByText('It may have been deleted, or it belongs to an account you cannot see.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Customers' })).toHaveAttribute('href', '/customers');
    expect(screen.queryByTestId('record-load-error')).not.toBeInTheDocument();
  });

  it('leads home when the page names no list', async () => {
    renderWithProviders(
      <QueryState query={failed(new ApiError(404, {}))} loadFailed="Not loaded">
        {(data) => data}
      </QueryState>,
    );
    expect(await screen.findByTestId('record-not-found-back')).toHaveAttribute('href', '/home');
    expect(screen.getByTestId('record-not-found-back')).toHaveTextContent('Back to home');
  });

  it('keeps the error with the server message for any other failure', async () => {
    renderWithProviders(
      <QueryState query={failed(new ApiError(500, { code: 'INTERNAL', message: 'Boom' }))} loadFailed="Not loaded">
        {(data) => data}
      </QueryState>,
    );
    expect(await screen.findByTestId('record-load-error')).toHaveTextContent('Not loaded');
    expect(screen.queryByTestId('record-not-found')).not.toBeInTheDocument();
  });

  it('shows a section’s failure as one red line, even a 404', async () => {
    const gone = new ApiError(404, { code: 'NOT_FOUND', message: 'Gone' });
    renderWithProviders(
      <QueryState query={failed(gone)} failure="line">
        {(data) => data}
      </QueryState>,
    );
    expect(await screen.findByText(errorMessage(gone))).toBeInTheDocument();
    expect(screen.queryByTestId('record-not-found')).not.toBeInTheDocument();
  });

  it('offers Try again, which loads again', async () => {
    const refetch = vi.fn();
    const query = { isError: true, error: new ApiError(500, { message: 'Boom' }), data: undefined, refetch };
    renderWithProviders(
      <QueryState query={query} failure="alert" retry loadFailed="Not loaded">
        {() => null}
      </QueryState>,
    );
    (await screen.findByRole('button', { name: 'Try again' })).click();
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state when the data holds nothing, the data otherwise', async () => {
    const view = renderWithProviders(
      <QueryState query={loaded([])} isEmpty={(rows) => rows.length === 0} empty="Nothing yet">
        {(rows) => rows.join(', ')}
      </QueryState>,
    );
    expect(await screen.findByText('Nothing yet')).toBeInTheDocument();
    view.unmount();
    renderWithProviders(
      <QueryState query={loaded(['a', 'b'])} isEmpty={(rows) => rows.length === 0} empty="Nothing yet">
        {(rows) => rows.join(', ')}
      </QueryState>,
    );
    expect(await screen.findByText('a, b')).toBeInTheDocument();
  });
});
