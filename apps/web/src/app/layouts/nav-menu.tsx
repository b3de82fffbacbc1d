import { Box, Button, Collapse, Group, Menu, NavLink, ScrollArea, Stack } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { NavEntry, NavGroup } from '../../lib/routes';
import { useIsStaff } from '../../lib/use-is-staff';
import { NAV_ICONS, type NavIconName } from '../nav-icons';
import { groupNavigation, NAV_SECTIONS, NAVIGATION, type NavSection, type NavSectionDefinition } from '../navigation';
import { type AppRoute, ROUTES } from '../route-table';
import { useCanOpenPath } from '../use-can-open-path';
import { COMPACT_MENU_ENTRIES, useSectionChoices } from './use-collapsed-sections';

type NavMenuProps = {
  orientation: 'vertical' | 'horizontal';
  /** The route table, the menu entries and the sections (tests pass their own). */
  routes?: AppRoute[];
  navigation?: NavEntry[];
  sections?: readonly NavSectionDefinition[];
  onNavigate?: () => void;
};

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

function testId(path: string): string {
  return `nav-link-${path.replace(/^\//, '')}`;
}

/** The menu's sections holding what the user may open, and the current page's entry (longest matching path). */
function useNavSections(routes: AppRoute[], navigation: NavEntry[], sections: readonly NavSectionDefinition[]) {
  const { pathname } = useLocation();
  // An entry follows its route: shown when the user may open the route (the route guard's own check).
  const canOpenPath = useCanOpenPath(routes);
  const isStaff = useIsStaff() === true;
  return useMemo(() => {
    const visible = navigation.filter((entry) => canOpenPath(entry.path) && !(isStaff && entry.customersOnly));
    const current = visible
      .filter((entry) => isActive(pathname, entry.path))
      .sort((a, b) => b.path.length - a.path.length)[0];
    return { sections: groupNavigation(visible, sections), current };
  }, [navigation, sections, pathname, canOpenPath, isStaff]);
}

/**
 * The navigation menu, built from the features' menu entries: only what the user may open, in sections
 * (`NAV_SECTIONS`); a section the user may open nothing of is left out, and a section with one entry for this user
 * is that entry's plain link. The side menu's sections collapse and open (the user's choices remembered per
 * browser); a long menu starts collapsed (ADR 0126), and the current page's section opens. The top menu shows each
 * section as a dropdown menu.
 */
export function NavMenu({
  orientation,
  routes = ROUTES,
  navigation = NAVIGATION,
  sections = NAV_SECTIONS,
  onNavigate,
}: NavMenuProps) {
  const { t } = useTranslation(['common', 'nav']);
  const { sections: shown, current } = useNavSections(routes, navigation, sections);

  if (orientation === 'vertical') {
    return <VerticalMenu sections={shown} current={current} onNavigate={onNavigate} />;
  }
  return (
    <ScrollArea type="never">
      <Group component="nav" gap={4} wrap="nowrap" aria-label={t('common:nav.mainMenu')} data-testid="nav-menu">
        {shown.map((section) =>
          section.entries.length === 1 ? (
            <TopLink key={section.group} entry={section.entries[0] as NavEntry} current={current} />
          ) : (
            <TopSection key={section.group} section={section} current={current} />
          ),
        )}
      </Group>
    </ScrollArea>
  );
}

type MenuPartProps = { current: NavEntry | undefined; onNavigate?: () => void };

function VerticalMenu({ sections, current, onNavigate }: MenuPartProps & { sections: NavSection[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { choices, choose } = useSectionChoices();
  // A long menu (the back office's) starts collapsed, so that it fits the screen; a short one starts open.
  const compact = sections.reduce((sum, section) => sum + section.entries.length, 0) > COMPACT_MENU_ENTRIES;
  // The current page's section is open, whatever was remembered, until the user closes it on this page.
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const currentGroup = current?.group;
  const isOpen = (group: NavGroup) =>
    (group === currentGroup && closedAt !== pathname) || (choices[group] ?? (!compact || group === currentGroup));
  const handleToggle = (group: NavGroup, open: boolean) => {
    choose(group, open);
    if (group === currentGroup) setClosedAt(open ? null : pathname);
  };

  // A long menu scrolls (app layout): bring the current page's entry into view when the page changes.
  const navRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => {
    const link = navRef.current?.querySelector('[aria-current="page"]');
    const viewport = navRef.current?.closest('.mantine-ScrollArea-viewport');
    if (!link || !viewport) return;
    const linkBox = link.getBoundingClientRect();
    const box = viewport.getBoundingClientRect();
    if (linkBox.top < box.top || linkBox.bottom > box.bottom) {
      viewport.scrollTop += linkBox.top - box.top - (box.height - linkBox.height) / 2;
    }
  }, [pathname]);

  return (
    <Stack ref={navRef} component="nav" gap={2} aria-label={t('common:nav.mainMenu')} data-testid="nav-menu">
      {sections.map((section) =>
        section.entries.length === 1 ? (
          <SideLink
            key={section.group}
            entry={section.entries[0] as NavEntry}
            current={current}
            onNavigate={onNavigate}
          />
        ) : (
          <SideSection
            key={section.group}
            section={section}
            current={current}
            onNavigate={onNavigate}
            isOpen={isOpen(section.group)}
            onToggle={handleToggle}
          />
        ),
      )}
    </Stack>
  );
}

function SideSection({
  section,
  current,
  onNavigate,
  isOpen,
  onToggle,
}: MenuPartProps & { section: NavSection; isOpen: boolean; onToggle: (group: NavGroup, open: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const holdsCurrent = current?.group === section.group;
  return (
    <Box data-testid={`nav-section-${section.group}`}>
      <NavLink
        component="button"
        type="button"
        label={t(section.label)}
        leftSection={<NavIcon name={section.icon} size={18} />}
        rightSection={isOpen ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
        disableRightSectionRotation
        // A collapsed section still shows that the current page is inside it.
        active={holdsCurrent && !isOpen}
        variant="subtle"
        fw={600}
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => onToggle(section.group, !isOpen)}
        data-testid={`nav-section-${section.group}-toggle`}
      />
      <Collapse expanded={isOpen} id={id} transitionDuration={150}>
        <Stack gap={2} pl="md">
          {section.entries.map((entry) => (
            <SideLink key={entry.path} entry={entry} current={current} onNavigate={onNavigate} />
          ))}
        </Stack>
      </Collapse>
    </Box>
  );
}

function SideLink({ entry, current, onNavigate }: MenuPartProps & { entry: NavEntry }) {
  const { t } = useTranslation();
  const active = entry === current;
  return (
    <NavLink
      component={Link}
      to={entry.path}
      label={t(entry.label)}
      leftSection={<NavIcon name={entry.icon} size={18} />}
      active={active}
      aria-current={active ? 'page' : undefined}
      data-testid={testId(entry.path)}
      onClick={onNavigate}
    />
  );
}

function TopSection({ section, current }: MenuPartProps & { section: NavSection }) {
  const { t } = useTranslation();
  const holdsCurrent = current?.group === section.group;
  return (
    <Menu position="bottom-start" offset={4} width={260} withinPortal>
      <Menu.Target>
        <Button
          variant={holdsCurrent ? 'light' : 'subtle'}
          color={holdsCurrent ? undefined : 'gray'}
          leftSection={<NavIcon name={section.icon} size={16} />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          // The section holding the current page, for assistive technology as well as by its look.
          aria-current={holdsCurrent ? 'true' : undefined}
          data-testid={`nav-section-${section.group}`}
        >
          {t(section.label)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t(section.label)} data-testid={`nav-section-${section.group}-menu`}>
        {section.entries.map((entry) => {
          const active = entry === current;
          return (
            <Menu.Item
              key={entry.path}
              component={Link}
              to={entry.path}
              leftSection={<NavIcon name={entry.icon} size={16} />}
              // Bold on the primary colour's light background: not by colour alone, and the text keeps its contrast.
              fw={active ? 600 : undefined}
              bg={active ? 'var(--mantine-primary-color-light)' : undefined}
              aria-current={active ? 'page' : undefined}
              data-testid={testId(entry.path)}
            >
              {t(entry.label)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

function TopLink({ entry, current }: MenuPartProps & { entry: NavEntry }) {
  const { t } = useTranslation();
  const active = entry === current;
  return (
    <Button
      component={Link}
      to={entry.path}
      variant={active ? 'light' : 'subtle'}
      color={active ? undefined : 'gray'}
      leftSection={<NavIcon name={entry.icon} size={16} />}
      aria-current={active ? 'page' : undefined}
      data-testid={testId(entry.path)}
    >
      {t(entry.label)}
    </Button>
  );
}

function NavIcon({ name, size }: { name: NavIconName; size: number }) {
  const Icon = NAV_ICONS[name];
  return <Icon size={size} stroke={1.6} aria-hidden />;
}
