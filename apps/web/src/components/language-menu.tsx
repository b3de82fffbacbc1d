import { UI_LANGUAGES } from '@cuspid/contracts';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../lib/i18n';

/** The language switcher: every label changes without a reload; the choice is remembered. */
export function LanguageMenu() {
  const { t } = useTranslation('common');
  const active = currentLanguage();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('header.language')}>
          <ActionIcon variant="default" size="lg" aria-label={t('header.language')} data-testid="language-switcher">
            <IconLanguage size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {UI_LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language === 'tu' ? 'tr' : language}
            data-testid={`language-option-${language}`}
            aria-current={language === active ? 'true' : undefined}
            rightSection={language === active ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => void setLanguage(language)}
          >
            {t(`languages.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
