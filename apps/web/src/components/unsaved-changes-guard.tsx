import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';
import { appPaths } from '../config/paths';

/**
 * Style guide section 13: warn before leaving with unsaved changes. In-app navigation to another page asks in a
 * dialog (react-router's blocker); closing the tab or reloading gets the browser's own prompt (`beforeunload`).
 * A router holds one blocker at a time: render one guard per page, fed by every form on it.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation('forms');
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      // Signing out (or a forced logout) always leaves for the login page; query-string changes stay on the page.
      when && nextLocation.pathname !== appPaths.login && currentLocation.pathname !== nextLocation.pathname,
    [when],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const isBlocked = blocker.state === 'blocked';
  return (
    <Modal
      opened={isBlocked}
      onClose={() => blocker.reset?.()}
      title={t('unsavedChanges.title')}
      centered
      data-testid="unsaved-changes-dialog"
    >
      <Text size="sm" mb="lg">
        {t('unsavedChanges.message')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus data-testid="unsaved-changes-stay">
          {t('unsavedChanges.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()} data-testid="unsaved-changes-leave">
          {t('unsavedChanges.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
