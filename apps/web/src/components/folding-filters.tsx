import { Badge, Button, Collapse, Stack, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../lib/use-is-phone';

type FoldingFiltersProps = {
  /** How many filters narrow the list now (shown on the folded control). */
  active: number;
  /** The list's prefix for test ids: `${testId}-filters-toggle`. */
  testId: string;
  children: ReactNode;
};

/**
 * A list's filter inputs: in a row from sm up; on a phone folded into one "Filters" control with the number of
 * filters in force, so that the list itself comes first.
 */
export function FoldingFilters({ active, testId, children }: FoldingFiltersProps) {
  const { t } = useTranslation('common');
  const isPhone = useIsPhone();
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  if (!isPhone) return <>{children}</>;
  return (
    <Stack gap="sm">
      <Button
        variant="default"
        fullWidth
        justify="space-between"
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        rightSection={opened ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={toggle}
        data-testid={`${testId}-filters-toggle`}
      >
        {t('list.filters')}
        {active > 0 && (
          <>
            <Badge ml="xs" size="sm" circle aria-hidden>
              {active}
            </Badge>
            <VisuallyHidden>{t('list.activeFilters', { count: active })}</VisuallyHidden>
          </>
        )}
      </Button>
      <Collapse expanded={opened} id={panelId} data-testid={`${testId}-filters-panel`}>
        {children}
      </Collapse>
    </Stack>
  );
}
