import { MultiSelect, Select } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render-app';

const DATA = Array.from({ length: 12 }, (_, index) => `Status ${index + 1}`);

describe('open option lists (theme)', () => {
  it.each([
    ['MultiSelect', <MultiSelect key="m" label="Status" data={DATA} />],
    ['Select', <Select key="s" label="Status" data={DATA} />],
  ])('%s scrolls the listbox the combobox controls, with no scroll area inside it', async (_name, field) => {
    renderWithProviders(field);
    const combobox = screen.getByRole('combobox', { name: 'Status' });
    await userEvent.click(combobox);
    const listbox = await screen.findByRole('listbox');
    expect(combobox).toHaveAttribute('aria-controls', listbox.id);
    expect(listbox).toHaveStyle({ maxHeight: '220px', overflowY: 'auto' });
    expect(listbox.querySelector('.mantine-ScrollArea-viewport')).toBeNull();
    expect(screen.getAllByRole('option')).toHaveLength(DATA.length);
  });
});
