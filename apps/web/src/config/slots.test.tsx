import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from '../lib/routes';
import { sessionStore } from '../lib/session';
import type { SlotEntry } from '../lib/slots';
import { loginResponse } from '../testing/fixtures';
import { renderWithProviders } from '../testing/render-app';
import { SLOTS, Slot } from './slots';

function card(text: string) {
  return lazyPage(async () => ({ Card: () => <p data-testid="card">{text}</p> }), 'Card');
}

// Declared out of order and across slots, as features declare them.
const ENTRIES: SlotEntry[] = [
  { slot: 'home.main', order: 20, component: card('second') },
  { slot: 'other.main', order: 5, component: card('elsewhere') },
  { slot: 'home.main', order: 30, component: card('credits only'), permission: 'backoffice-credit' },
  { slot: 'home.main', order: 10, component: card('first') },
].sort((a, b) => a.order - b.order) as SlotEntry[];

function signInWith(roles: string[], titles: string[]) {
  sessionStore.signIn(loginResponse({ roles }));
  sessionStore.setPermissionTitles(titles);
}

/** The cards shown, once `count` have loaded (each entry loads on its own). */
async function shownCards(count: number) {
  await waitFor(() => expect(screen.getAllByTestId('card')).toHaveLength(count));
  return screen.getAllByTestId('card').map((element) => element.textContent);
}

describe('slots', () => {
  it('gathers what each feature adds to other pages, in order', () => {
    const declared = (slot: string) =>
      SLOTS.filter((entry) => entry.slot === slot).map(({ order, permission }) => ({ order, permission }));
    expect(declared('home.main')).toEqual([
      { order: 10, permission: undefined },
      { order: 20, permission: undefined },
    ]);
    expect(declared('my-company.main')).toEqual([{ order: 10, permission: 'backoffice-credit' }]);
  });

  it("shows the slot's entries in order, and an entry with a permission only to its holders", async () => {
    signInWith(['end-user'], []);
    renderWithProviders(<Slot name="home.main" entries={ENTRIES} />);
    expect(await shownCards(2)).toEqual(['first', 'second']);
  });

  it('shows a holder of the permission, and an admin, the entry that needs it', async () => {
    signInWith(['end-user'], ['backoffice-credit']);
    const { unmount } = renderWithProviders(<Slot name="home.main" entries={ENTRIES} />);
    expect(await shownCards(3)).toEqual(['first', 'second', 'credits only']);
    unmount();
    signInWith(['admin'], []);
    renderWithProviders(<Slot name="home.main" entries={ENTRIES} />);
    expect(await shownCards(3)).toEqual(['first', 'second', 'credits only']);
  });
});
