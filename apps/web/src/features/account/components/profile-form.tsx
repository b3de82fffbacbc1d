import { LANGUAGE_CODES, type LanguageCode, type UserProfile, updateProfileBodySchema } from '@cuspid/contracts';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { zodFormValidator } from '../../../lib/form-validation';
import { listTimeZones } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../api/update-profile';

type ProfileValues = {
  first_name: string;
  last_name: string;
  phone: string;
  mobile: string;
  contact_language: LanguageCode;
  timezone: string;
};

function toValues(profile: UserProfile): ProfileValues {
  return {
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    phone: profile.phone ?? '',
    mobile: profile.mobile ?? '',
    contact_language: profile.contact_language,
    timezone: profile.timezone,
  };
}

const emptyToNull = (value: string) => (value.trim() === '' ? null : value.trim());

type ProfileFormProps = {
  profile: UserProfile;
  /** Told whether the form holds unsaved changes (the page warns before leaving). */
  onDirtyChange?: (isDirty: boolean) => void;
};

export function ProfileForm({ profile, onDirtyChange }: ProfileFormProps) {
  const { t } = useTranslation(['account', 'common']);
  const update = useUpdateProfile();
  const timeZones = useMemo(() => listTimeZones(), []);
  const languages = LANGUAGE_CODES.map((code) => ({ value: code, label: t(`common:languages.${code}`) }));
  const form = useForm<ProfileValues>({
    initialValues: toValues(profile),
    validate: zodFormValidator<ProfileValues>(updateProfileBodySchema),
  });
  const isDirty = form.isDirty();

  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        first_name: emptyToNull(values.first_name),
        last_name: emptyToNull(values.last_name),
        phone: emptyToNull(values.phone),
        mobile: emptyToNull(values.mobile),
        contact_language: values.contact_language,
        timezone: values.timezone,
      });
      form.setInitialValues(toValues(saved));
      form.setValues(toValues(saved));
      notifySuccess(t('settings.profileSaved'));
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="profile-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('settings.firstName')} autoComplete="given-name" {...form.getInputProps('first_name')} />
          <TextInput label={t('settings.lastName')} autoComplete="family-name" {...form.getInputProps('last_name')} />
          <TextInput label={t('settings.phone')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
          <TextInput label={t('settings.mobile')} type="tel" autoComplete="tel" {...form.getInputProps('mobile')} />
          <Select
            label={t('settings.contactLanguage')}
            data={languages}
            allowDeselect={false}
            {...form.getInputProps('contact_language')}
          />
          <Select
            label={t('settings.timezone')}
            data={timeZones}
            searchable
            allowDeselect={false}
            limit={50}
            nothingFoundMessage={t('settings.timezoneNothingFound')}
            {...form.getInputProps('timezone')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} disabled={!isDirty} data-testid="profile-submit">
            {t('settings.saveProfile')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
