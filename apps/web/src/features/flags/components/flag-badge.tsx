import type { FlagKind, FlagRef } from '@cuspid/contracts/flags';
import { Badge, type BadgeProps, Group } from '@mantine/core';
import { IconFlagFilled } from '@tabler/icons-react';
import { readableTextOn } from '../../../lib/readable-text';

type FlagBadgeProps = { label: Pick<FlagRef, 'name' | 'colour'>; kind: FlagKind; size?: BadgeProps['size'] };

/**
 * A flag (filled, with a flag icon) or a tag (a coloured dot). The name is always written out, so
 * colour is never the only signal.
 */
export function FlagBadge({ label, kind, size = 'sm' }: FlagBadgeProps) {
  if (kind === 'flag') {
    return (
      <Badge
        size={size}
        color={label.colour}
        // Black or white by WCAG contrast on the admin's colour (Mantine's autoContrast puts white on mid grey, 3.9:1).
        c={readableTextOn(label.colour)}
        leftSection={<IconFlagFilled size={12} aria-hidden />}
        data-testid="flag-badge"
      >
        {label.name}
      </Badge>
    );
  }
  return (
    <Badge size={size} variant="dot" color={label.colour} tt="none" data-testid="tag-badge">
      {label.name}
    </Badge>
  );
}

/** The flag and tags of a record, or nothing when it has none. */
export function RecordLabels({ flag = null, tags = [] }: { flag?: FlagRef | null; tags?: FlagRef[] }) {
  if (!flag && !tags.length) return null;
  return (
    <Group gap={4} wrap="wrap">
      {flag && <FlagBadge label={flag} kind="flag" />}
      {tags.map((tag) => (
        <FlagBadge key={tag.id} label={tag} kind="tag" />
      ))}
    </Group>
  );
}
