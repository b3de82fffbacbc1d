import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a record's details page. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}
