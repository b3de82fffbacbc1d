import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PageHeaderProps = {
  /** The page's one h1. */
  title: ReactNode;
  /** The dimmed sentence under the title that says what the page is for. */
  description?: ReactNode;
  /** Beside the title: a record's status badges, flag and tags. */
  badges?: ReactNode;
  /** The page's buttons, on the right. */
  actions?: ReactNode;
  /** data-testid of the heading, for pages whose specs read the title (a record's name). */
  titleTestId?: string;
};

/**
 * The top of a page: the title with its description on the left, the page's actions on the right. One layout for
 * every page, so that the create button sits in the same place everywhere; on a narrow screen the actions wrap
 * under the title.
 */
export function PageHeader({ title, description, badges, actions, titleTestId }: PageHeaderProps) {
  const heading = (
    <Title order={1} data-testid={titleTestId}>
      {title}
    </Title>
  );
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        {badges ? (
          <Group gap="sm">
            {heading}
            {badges}
          </Group>
        ) : (
          heading
        )}
        {description && <Text c="dimmed">{description}</Text>}
      </div>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
