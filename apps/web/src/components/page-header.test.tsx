import { Badge, Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render-app';
import { DeleteAction, PageHeader } from './page-header';

describe('PageHeader', () => {
  it('shows the title as the page heading, the description under it and the actions beside it', async () => {
    renderWithProviders(
      <PageHeader
        title="Invoices"
        description="Every invoice of your company."
        actions={
          <>
            <Button>Download CSV</Button>
            <Button>Create invoice</Button>
          </>
        }
      />,
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Invoices' });
    expect(screen.getAllByRole('heading')).toEqual([heading]);
    expect(screen.getByText('Every invoice of your company.')).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Download CSV',
      'Create invoice',
    ]);
    // The actions stand beside the title block, not inside it.
    expect(heading.parentElement).not.toContainElement(screen.getByRole('button', { name: 'Create invoice' }));
  });

  it('shows only the heading when the page has no description and no actions', async () => {
    renderWithProviders(<PageHeader title="Edit role" />);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Edit role' });
    expect(heading.parentElement?.children).toHaveLength(1);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('puts the badges beside the title, outside the heading, and marks the heading for specs', async () => {
    renderWithProviders(
      <PageHeader title="Invoice 2026-000042" badges={<Badge>Open</Badge>} titleTestId="invoice-title" />,
    );
    const heading = await screen.findByTestId('invoice-title');
    expect(heading).toHaveAccessibleName('Invoice 2026-000042');
    expect(within(heading).queryByText('Open')).not.toBeInTheDocument();
    expect(heading.parentElement).toHaveTextContent('Invoice 2026-000042Open');
  });

  it('links back to the list above the title, labelled with the list’s name, when the page is a record’s', async () => {
    renderWithProviders(
      <PageHeader
        back={{ to: '/invoices', list: 'Invoices' }}
        title="Invoice 2026-000042"
        actions={<DeleteAction onClick={() => {}}>Delete</DeleteAction>}
      />,
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Invoice 2026-000042' });
    const back = screen.getByRole('link', { name: 'Invoices' });
    expect(back).toHaveAttribute('href', '/invoices');
    expect(back).toBe(screen.getByTestId('page-back'));
    // Above the title, in the title block: before the heading in document order, not among the actions.
    expect(back.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(heading.parentElement).toContainElement(back);
    expect(
      within(screen.getByRole('button', { name: 'Delete' }).parentElement as HTMLElement).queryByRole('link'),
    ).toBeNull();
  });

  it('has no back link on a page that is not a record’s', async () => {
    renderWithProviders(<PageHeader title="Invoices" />);
    await screen.findByRole('heading', { level: 1, name: 'Invoices' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('page-back')).not.toBeInTheDocument();
  });
});
