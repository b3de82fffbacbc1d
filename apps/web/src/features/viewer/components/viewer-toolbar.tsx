import { ActionIcon, Button, Group, Switch, Tooltip } from '@mantine/core';
import { IconCamera, IconFocusCentered, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { JAW_VIEWS, type JawView } from '../lib/jaw-scene';
import { ShortcutHelp } from './shortcut-help';

type Props = {
  /** The scene is there: the views and reset can act. */
  isSceneReady: boolean;
  /** Every model is drawn: a picture can be saved. */
  isPictureReady: boolean;
  onView: (view: JawView) => void;
  isWireframe: boolean;
  onWireframeChange: (wireframe: boolean) => void;
  /** Null when there is one jaw only (nothing to move apart). */
  isApart: boolean | null;
  onApartChange: (apart: boolean) => void;
  onReset: () => void;
  onScreenshot: () => void;
  isFullscreen: boolean;
  onFullscreen: () => void;
  isHelpOpen: boolean;
  onHelpChange: (opened: boolean) => void;
};

/** The viewer's top row: the standard views, then wireframe, jaws apart, reset, picture, full screen and help. */
export function ViewerToolbar(props: Props) {
  const { t } = useTranslation('viewer');
  return (
    <Group justify="space-between" gap="xs">
      <Group gap={6} role="group" aria-label={t('views.label')}>
        {JAW_VIEWS.map((view, index) => (
          <Button
            key={view}
            size="compact-sm"
            variant="default"
            onClick={() => props.onView(view)}
            disabled={!props.isSceneReady}
            data-testid={`jaw-view-${view}`}
            aria-keyshortcuts={String(index + 1)}
          >
            {t(`views.${view}`)}
          </Button>
        ))}
      </Group>
      <Group gap={6}>
        <Switch
          size="sm"
          label={t('wireframe')}
          checked={props.isWireframe}
          onChange={(event) => props.onWireframeChange(event.currentTarget.checked)}
          data-testid="jaw-wireframe"
        />
        {props.isApart !== null && (
          <Switch
            size="sm"
            label={t('apart')}
            checked={props.isApart}
            onChange={(event) => props.onApartChange(event.currentTarget.checked)}
            data-testid="jaw-apart"
          />
        )}
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconFocusCentered size={14} aria-hidden />}
          onClick={props.onReset}
          disabled={!props.isSceneReady}
          data-testid="jaw-view-reset"
          aria-keyshortcuts="R"
        >
          {t('reset')}
        </Button>
        <Tooltip label={t('screenshot')} withinPortal={false}>
          <ActionIcon
            variant="default"
            size="md"
            onClick={props.onScreenshot}
            disabled={!props.isPictureReady}
            aria-label={t('screenshot')}
            aria-keyshortcuts="P"
            data-testid="jaw-screenshot"
          >
            <IconCamera size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={
            props.isFullscreen ? <IconMinimize size={14} aria-hidden /> : <IconMaximize size={14} aria-hidden />
          }
          onClick={props.onFullscreen}
          data-testid="jaw-fullscreen"
          aria-keyshortcuts="F"
        >
          {props.isFullscreen ? t('exitFullscreen') : t('fullscreen')}
        </Button>
        <ShortcutHelp opened={props.isHelpOpen} onChange={props.onHelpChange} />
      </Group>
    </Group>
  );
}
