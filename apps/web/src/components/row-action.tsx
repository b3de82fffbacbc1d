import { ActionIcon, Tooltip } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

type RowActionProps = {
  /** Said by the tooltip and to screen readers. */
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** A link to another page, or an action on the row. */
  to?: string;
  onClick?: () => void;
  color?: string;
  loading?: boolean;
  testId?: string;
};

/** One action in a list row (show, edit, delete, …): an icon button with its label as tooltip. */
export function RowAction({ label, icon: Icon, to, onClick, color, loading, testId }: RowActionProps) {
  const common = { variant: 'subtle', color, loading, 'aria-label': label, 'data-testid': testId } as const;
  return (
    <Tooltip label={label}>
      {to ? (
        <ActionIcon {...common} component={Link} to={to}>
          <Icon size={16} aria-hidden />
        </ActionIcon>
      ) : (
        <ActionIcon {...common} onClick={onClick}>
          <Icon size={16} aria-hidden />
        </ActionIcon>
      )}
    </Tooltip>
  );
}
