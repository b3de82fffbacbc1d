import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type BulkBarProps = {
  /** "3 selected", in the list's own words for its records. */
  label: string;
  clearLabel: string;
  onClear: () => void;
  'data-testid'?: string;
  /** The actions on the chosen rows, after the clear button. */
  children: ReactNode;
};

/** The bar over a list while rows are chosen: how many, clear the choice, and the list's bulk actions. */
export function BulkBar({ label, clearLabel, onClear, children, ...rest }: BulkBarProps) {
  return (
    <Group
      justify="space-between"
      align="flex-end"
      p="xs"
      bg="var(--mantine-color-default-hover)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      data-testid={rest['data-testid']}
    >
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" align="flex-end">
        <Button size="xs" variant="subtle" onClick={onClear}>
          {clearLabel}
        </Button>
        {children}
      </Group>
    </Group>
  );
}
