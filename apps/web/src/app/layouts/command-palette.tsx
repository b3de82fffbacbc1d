import '@mantine/spotlight/styles.css';
import { SEARCH_LIMITS } from '@cuspid/contracts/search';
import { Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isSearchableTerm, useSearchRecords } from '../../features/search';
import type { CommandEntry, NavEntry, SearchAreaEntry, Translate } from '../../lib/routes';
import { COMMANDS, SEARCH_AREAS } from '../commands';
import { NAV_ICONS, type NavIconName } from '../nav-icons';
import { NAVIGATION } from '../navigation';
import { type AppRoute, ROUTES } from '../route-table';
import { useCanOpenPath } from '../use-can-open-path';

/** How long typing must pause before the records are searched. */
export const SEARCH_DEBOUNCE_MS = 250;

type CommandPaletteProps = {
  /** Opens the palette whenever it changes (the launcher counts the requests). */
  openRequest: number;
  /** The route table, menu entries, actions and search areas (tests pass their own). */
  routes?: AppRoute[];
  navigation?: NavEntry[];
  commands?: CommandEntry[];
  areas?: SearchAreaEntry[];
};

const namespaceOf = (key: string) => (key.includes(':') ? key.slice(0, key.indexOf(':')) : 'common');

function Icon({ name }: { name: NavIconName }) {
  const Component = NAV_ICONS[name];
  return <Component size={18} stroke={1.6} aria-hidden />;
}

// Spotlight shows a group's label as generated CSS content; the group role and name give it to assistive technology.
const groupProps = (label: string) => ({ label, role: 'group', 'aria-label': label });

const testId = (prefix: string, path: string) => `${prefix}-${path.replace(/^\//, '').replace(/[/?=&]/g, '-')}`;

/**
 * The command palette (Mantine Spotlight): the pages of the menu and the features' actions the user may open,
 * filtered by the typed text, and the records `GET /api/search` finds for it, grouped by area. Arrow keys move
 * through every item, Enter opens it, Escape closes.
 */
export function CommandPalette({
  openRequest,
  routes = ROUTES,
  navigation = NAVIGATION,
  commands = COMMANDS,
  areas = SEARCH_AREAS,
}: CommandPaletteProps) {
  const [[store, palette]] = useState(createSpotlight);
  const namespaces = useMemo(
    () => [
      'search',
      ...new Set(
        [
          ...[...navigation, ...commands, ...areas].map((entry) => namespaceOf(entry.label)),
          ...areas.flatMap((area) => area.namespaces ?? []),
        ].filter((n) => n !== 'search'),
      ),
    ],
    [navigation, commands, areas],
  );
  const { t } = useTranslation(namespaces);
  const translate: Translate = (key, options) => t(key, options ?? {});
  const navigate = useNavigate();
  const canOpenPath = useCanOpenPath(routes);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const records = useSearchRecords(debounced);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every new request opens the palette
  useEffect(() => palette.open(), [openRequest]);

  const term = query.trim().toLocaleLowerCase();
  const matching = <E extends { path: string; label: string }>(entries: E[]) =>
    entries
      .filter((entry) => canOpenPath(entry.path))
      .map((entry) => ({ ...entry, text: t(entry.label) }))
      .filter((entry) => term === '' || entry.text.toLocaleLowerCase().includes(term));
  const pages = matching(navigation);
  const actions = matching(commands);

  const searchable = isSearchableTerm(debounced);
  const groups = searchable && isSearchableTerm(query) ? (records.data?.groups ?? []) : [];
  const found = groups.flatMap((group) => {
    const area = areas.find((a) => a.area === group.area);
    if (!area || !canOpenPath(area.list)) return [];
    const listOf = (q: string) => `${area.list}?q=${encodeURIComponent(q)}`;
    const items = group.items.map((item) => {
      const link = area.link(item);
      // In the reader's language where the area knows the codes; the English subtitle only where it does not.
      const shown = area.describe?.(item, translate) ?? {};
      return {
        ...item,
        label: shown.title ?? item.title,
        description: area.describe ? shown.subtitle : item.subtitle,
        path: canOpenPath(link) ? link : listOf(item.title),
      };
    });
    return [{ area, items, more: group.has_more ? listOf(debounced.trim()) : undefined }];
  });
  const waiting = isSearchableTerm(query) && (query !== debounced || records.isFetching);
  const isEmpty = pages.length === 0 && actions.length === 0 && found.length === 0;

  const go = (path: string) => () => navigate(path);
  let status: ReactNode = null;
  if (waiting) {
    status = (
      <Spotlight.Empty data-testid="search-status">
        <Loader size="xs" mr="xs" aria-hidden />
        {t('search:searching')}
      </Spotlight.Empty>
    );
  } else if (records.isError && searchable) {
    status = <Spotlight.Empty data-testid="search-status">{t('search:failed')}</Spotlight.Empty>;
  } else if (isEmpty) {
    status = (
      <Spotlight.Empty data-testid="search-status">
        {term.length > 0 && term.length < SEARCH_LIMITS.minLength
          ? t('search:typeMore', { count: SEARCH_LIMITS.minLength })
          : t('search:nothingFound')}
      </Spotlight.Empty>
    );
  }

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      scrollable
      maxHeight={480}
      data-testid="command-palette"
    >
      <Spotlight.Search
        placeholder={t('search:placeholder')}
        aria-label={t('search:label')}
        leftSection={<IconSearch size={18} aria-hidden />}
        data-testid="search-input"
      />
      <Spotlight.ActionsList aria-label={t('search:label')}>
        {pages.length > 0 && (
          <Spotlight.ActionsGroup {...groupProps(t('search:groups.pages'))} data-testid="search-group-pages">
            {pages.map((page) => (
              <Spotlight.Action
                key={page.path}
                label={page.text}
                leftSection={<Icon name={page.icon} />}
                onClick={go(page.path)}
                data-testid={testId('search-page', page.path)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {actions.length > 0 && (
          <Spotlight.ActionsGroup {...groupProps(t('search:groups.actions'))} data-testid="search-group-actions">
            {actions.map((action) => (
              <Spotlight.Action
                key={action.path}
                label={action.text}
                leftSection={<Icon name={action.icon} />}
                onClick={go(action.path)}
                data-testid={testId('search-action', action.path)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {found.map(({ area, items, more }) => (
          <Spotlight.ActionsGroup
            key={area.area}
            {...groupProps(t(area.label))}
            data-testid={`search-group-${area.area}`}
          >
            {items.map((item) => (
              <Spotlight.Action
                key={item.id}
                label={item.label}
                {...(item.description ? { description: item.description } : {})}
                leftSection={<Icon name={area.icon} />}
                onClick={go(item.path)}
                data-testid={`search-record-${area.area}-${item.id}`}
              />
            ))}
            {more && (
              <Spotlight.Action
                label={t('search:moreInList')}
                leftSection={<IconArrowRight size={18} aria-hidden />}
                onClick={go(more)}
                data-testid={`search-more-${area.area}`}
              />
            )}
          </Spotlight.ActionsGroup>
        ))}
        {status}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
