import { Anchor, Button, type ButtonProps, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BackTo } from './record-not-found';

type PageHeaderProps = {
  /** The page's one h1. */
  title: ReactNode;
  /** The dimmed sentence under the title that says what the page is for. */
  description?: ReactNode;
  /** Beside the title: a record's status badges, flag and tags. */
  badges?: ReactNode;
  /** Under the title row: further labels of the record (its flag and tags when the badges hold its status). */
  below?: ReactNode;
  /** The page's buttons, on the right: the primary one (create, edit, save), then the others, Delete last. */
  actions?: ReactNode;
  /** A record page's way back: a link to its list above the title, labelled with the list's menu name. */
  back?: BackTo;
  /** data-testid of the heading, for pages whose specs read the title (a record's name). */
  titleTestId?: string;
};

/**
 * The top of a page: the way back to the list (record pages), the title with its badges and description on the left,
 * the page's actions on the right. One layout for every page (ADR 0127), so that the create button, the back link
 * and Delete sit in the same place everywhere; on a narrow screen the actions wrap under the title.
 */
export function PageHeader({ title, description, badges, below, actions, back, titleTestId }: PageHeaderProps) {
  const heading = (
    // A title of one long word (German "Kontoeinstellungen" on a 390 px phone) breaks rather than widen the page.
    <Title order={1} data-testid={titleTestId} style={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
      {title}
    </Title>
  );
  return (
    <Group justify="space-between" align="flex-start" data-testid="page-header">
      <div style={{ minWidth: 0 }}>
        {back && (
          <Anchor component={Link} to={back.to} size="sm" data-testid="page-back">
            <Group gap={4}>
              <IconArrowLeft size={14} aria-hidden />
              {back.list}
            </Group>
          </Anchor>
        )}
        {badges ? (
          <Group gap="sm">
            {heading}
            {badges}
          </Group>
        ) : (
          heading
        )}
        {below}
        {description && <Text c="dimmed">{description}</Text>}
      </div>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}

/**
 * A record's Delete in its page header: always the last action, red and outlined, with the bin icon. It only asks;
 * the page's confirmation dialog deletes.
 */
export function DeleteAction({ children, ...props }: ButtonProps & { onClick: () => void; 'data-testid'?: string }) {
  return (
    <Button color="red" variant="outline" leftSection={<IconTrash size={16} aria-hidden />} {...props}>
      {children}
    </Button>
  );
}

/** A record's Edit in its page header: a link to the record's edit page, light, with the pencil icon. */
export function EditAction({ to, children, ...props }: { to: string; children: ReactNode; 'data-testid'?: string }) {
  return (
    <Button component={Link} to={to} variant="light" leftSection={<IconPencil size={16} aria-hidden />} {...props}>
      {children}
    </Button>
  );
}
