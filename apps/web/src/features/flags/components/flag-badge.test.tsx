import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-app';
import { FlagBadge } from './flag-badge';

describe('FlagBadge', () => {
  it.each([
    ['#808080', '#000000'],
    ['#ffd43b', '#000000'],
    ['#1a237e', '#ffffff'],
  ])('writes a flag on %s in the text colour of higher contrast', (colour, expected) => {
    renderWithProviders(<FlagBadge label={{ name: 'Urgent', colour }} kind="flag" />);
    expect(getComputedStyle(screen.getByTestId('flag-badge')).color).toBe(expected);
  });
});
