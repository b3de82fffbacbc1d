import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { LanguageSelect } from './language-select';

type AuthCardProps = { title: string; subtitle?: string; children: ReactNode };

/** The frame of the sign-in and registration pages; language and skin can be chosen before signing in. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-default-hover)">
      <Stack w="100%" maw={440} gap="sm">
        <Group justify="flex-end" gap="xs">
          <LanguageSelect />
          <ColorSchemeToggle />
        </Group>
        <Paper withBorder shadow="sm" radius="lg" p="xl">
          <Stack gap={4} mb="lg">
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
