import { UI_LANGUAGES } from '@cuspid/contracts/i18n';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isUiLanguage, setLanguage } from '../lib/i18n';

/** The compact language switcher of the pages without chrome (a native select keeps the login bundle small). */
export function LanguageSelect() {
  const { t } = useTranslation('common');
  return (
    <NativeSelect
      aria-label={t('header.language')}
      data-testid="language-switcher"
      size="sm"
      w={170}
      leftSection={<IconLanguage size={16} aria-hidden />}
      value={currentLanguage()}
      data={UI_LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (isUiLanguage(language)) void setLanguage(language);
      }}
    />
  );
}
