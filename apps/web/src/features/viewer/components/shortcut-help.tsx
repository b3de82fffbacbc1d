import { ActionIcon, Kbd, Popover, Table, Text } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The viewer's keyboard shortcuts, by the key the user presses; the help lists them in this order. */
export const SHORTCUTS = [
  { keys: ['1', '2', '3', '4', '5'], action: 'views' },
  { keys: ['R'], action: 'reset' },
  { keys: ['W'], action: 'wireframe' },
  { keys: ['A'], action: 'apart' },
  { keys: ['M'], action: 'measure' },
  { keys: ['C'], action: 'clip' },
  { keys: ['T'], action: 'toggleVersions' },
  { keys: ['P'], action: 'screenshot' },
  { keys: ['F'], action: 'fullscreen' },
  { keys: ['Esc'], action: 'clear' },
  { keys: ['←', '→', '↑', '↓'], action: 'pan' },
  { keys: ['Shift', '←', '→'], action: 'orbit' },
  { keys: ['+', '−'], action: 'zoom' },
  { keys: ['?'], action: 'help' },
] as const;

type Props = { opened: boolean; onChange: (opened: boolean) => void };

/** The list of the viewer's shortcuts and mouse gestures, opened by its button or by `?`. */
export function ShortcutHelp({ opened, onChange }: Props) {
  const { t } = useTranslation('viewer');
  return (
    <Popover opened={opened} onChange={onChange} position="bottom-end" withArrow shadow="md" withinPortal={false}>
      <Popover.Target>
        <ActionIcon
          variant="default"
          size="md"
          aria-label={t('shortcuts.title')}
          aria-expanded={opened}
          onClick={() => onChange(!opened)}
          data-testid="jaw-shortcuts"
        >
          <IconKeyboard size={16} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown maw={380} data-testid="jaw-shortcuts-help">
        <Text fw={600} size="sm" mb="xs">
          {t('shortcuts.title')}
        </Text>
        <Table withRowBorders={false} verticalSpacing={2} fz="xs">
          <Table.Tbody>
            {SHORTCUTS.map(({ keys, action }) => (
              <Table.Tr key={action}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {keys.map((key) => (
                    <Kbd key={key} size="xs" mr={4}>
                      {key}
                    </Kbd>
                  ))}
                </Table.Td>
                <Table.Td>{t(`shortcuts.${action}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt="xs">
          {t('help')}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
