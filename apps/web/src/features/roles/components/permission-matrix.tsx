import type { PermissionRecord } from '@cuspid/contracts';
import { Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type PermissionMatrixProps = {
  permissions: PermissionRecord[];
  value: string[];
  onChange: (titles: string[]) => void;
  disabled?: boolean;
};

/** Every permission as a checkbox, grouped by scope, then grouping; a group's box toggles all of it. */
export function PermissionMatrix({ permissions, value, onChange, disabled = false }: PermissionMatrixProps) {
  const { t } = useTranslation('roles');
  const selected = new Set(value);
  const scopes = new Map<string, Map<string, PermissionRecord[]>>();
  for (const permission of permissions) {
    const groups = scopes.get(permission.scope) ?? new Map<string, PermissionRecord[]>();
    const key = permission.grouping ?? '';
    groups.set(key, [...(groups.get(key) ?? []), permission]);
    scopes.set(permission.scope, groups);
  }
  const setMany = (titles: string[], on: boolean) => {
    const next = new Set(selected);
    for (const title of titles) {
      if (on) next.add(title);
      else next.delete(title);
    }
    onChange([...next]);
  };

  return (
    <Stack data-testid="permission-matrix">
      {[...scopes.entries()].map(([scope, groups]) => (
        <Stack key={scope} gap="xs">
          <Title order={3} size="h5" tt="uppercase">
            {t('roles.scope', { scope })}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {[...groups.entries()].map(([grouping, items]) => {
              const titles = items.map((p) => p.title);
              const count = titles.filter((title) => selected.has(title)).length;
              return (
                <Paper key={grouping} withBorder p="sm" radius="md">
                  <Checkbox
                    mb="xs"
                    fw={600}
                    label={grouping || t('roles.ungrouped')}
                    checked={count === titles.length}
                    indeterminate={count > 0 && count < titles.length}
                    disabled={disabled}
                    onChange={(event) => setMany(titles, event.currentTarget.checked)}
                  />
                  <Stack gap={4} pl="md">
                    {items.map((permission) => (
                      <Group key={permission.id} gap="xs">
                        <Checkbox
                          size="xs"
                          label={<Text size="sm">{permission.title}</Text>}
                          checked={selected.has(permission.title)}
                          disabled={disabled}
                          onChange={(event) => setMany([permission.title], event.currentTarget.checked)}
                          data-testid={`permission-${permission.title}`}
                        />
                      </Group>
                    ))}
                  </Stack>
                </Paper>
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
