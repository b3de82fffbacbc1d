import {
  createUserBodySchema,
  LANGUAGE_CODES,
  type LanguageCode,
  type UserRecord,
  updateUserBodySchema,
} from '@cuspid/contracts';
import { MultiSelect, PasswordInput, Radio, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { useCan } from '../../../lib/can';
import { zodFormValidator } from '../../../lib/form-validation';
import { listTimeZones } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useRoleList } from '../../roles';
import { useCreateUser, useUpdateUser } from '../api/users';
import { userPaths } from '../paths';

/** A new user either gets an invitation by mail and chooses the password, or gets one set here (ADR 0034). */
type PasswordMode = 'invite' | 'password';

type Values = {
  mode: PasswordMode;
  mail: string;
  password: string;
  first_name: string;
  last_name: string;
  phone: string;
  mobile: string;
  contact_language: LanguageCode;
  timezone: string;
  roles: string[];
  is_active: boolean;
};

const blank = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** Create (no `user`) or edit a user. Roles can be chosen by those who may list roles. */
export function UserForm({ user }: { user?: UserRecord }) {
  const { t } = useTranslation(['users', 'account', 'common']);
  const navigate = useNavigate();
  const { can } = useCan();
  const selfId = useSession()?.token_info.user_id;
  const mayListRoles = can('list-roles');
  const roles = useRoleList({ limit_start: 0, limit_count: 200, sort_by: 'priority', sort_dir: 'asc' }, mayListRoles);
  const create = useCreateUser();
  const update = useUpdateUser();
  const timeZones = useMemo(() => listTimeZones(), []);
  const languages = LANGUAGE_CODES.map((code) => ({ value: code, label: t(`common:languages.${code}`) }));
  const editing = user !== undefined;

  const form = useForm<Values>({
    initialValues: {
      mode: 'invite',
      mail: user?.mail ?? '',
      password: '',
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      phone: user?.phone ?? '',
      mobile: user?.mobile ?? '',
      contact_language: user?.contact_language ?? 'en',
      timezone: user?.timezone ?? 'UTC',
      roles: user?.roles ?? [],
      is_active: user?.is_active ?? true,
    },
    validate: (values) => {
      const body = editing
        ? { id: user.id, mail: values.mail, ...(values.password ? { password: values.password } : {}) }
        : { mail: values.mail, ...(values.mode === 'password' ? { password: values.password } : {}) };
      return zodFormValidator<typeof body>(editing ? updateUserBodySchema : createUserBodySchema)(body);
    },
  });
  const inviting = !editing && form.values.mode === 'invite';

  const submit = form.onSubmit(async (values) => {
    const fields = {
      first_name: blank(values.first_name),
      last_name: blank(values.last_name),
      phone: blank(values.phone),
      mobile: blank(values.mobile),
      contact_language: values.contact_language,
      ...(mayListRoles ? { roles: values.roles } : {}),
    };
    try {
      if (editing) {
        await update.mutateAsync({
          id: user.id,
          ...fields,
          first_name: fields.first_name ?? null,
          last_name: fields.last_name ?? null,
          phone: fields.phone ?? null,
          mobile: fields.mobile ?? null,
          mail: values.mail,
          timezone: values.timezone,
          ...(values.password ? { password: values.password } : {}),
          ...(user.id !== selfId ? { is_active: values.is_active } : {}),
        });
        notifySuccess(t('users.saved'));
        void navigate(userPaths.userShow(user.id));
      } else {
        const answer = await create.mutateAsync({
          ...fields,
          mail: values.mail,
          ...(inviting ? {} : { password: values.password, is_active: values.is_active }),
        });
        notifySuccess(inviting ? t('users.invited') : t('users.created'));
        // Without a mail server the answer holds the link: the show page offers it for handing over.
        void navigate(userPaths.userShow(answer.user_id), { state: { invitationUrl: answer.invitation_url } });
      }
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <Stack>
        {!editing && (
          <Radio.Group label={t('users.passwordMode')} {...form.getInputProps('mode')} data-testid="user-password-mode">
            <Stack gap="xs" mt={4}>
              <Radio value="invite" label={t('users.invite')} data-testid="user-mode-invite" />
              <Radio value="password" label={t('users.setPassword')} data-testid="user-mode-password" />
            </Stack>
          </Radio.Group>
        )}
        {inviting && (
          <Text size="sm" c="dimmed" data-testid="user-invite-hint">
            {t('users.inviteHint')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('users.mail')}
            required
            type="email"
            {...form.getInputProps('mail')}
            data-testid="user-mail"
          />
          {!inviting && (
            <PasswordInput
              label={editing ? t('users.newPassword') : t('users.password')}
              required={!editing}
              autoComplete="new-password"
              {...form.getInputProps('password')}
              data-testid="user-password"
            />
          )}
          <TextInput
            label={t('account:settings.firstName')}
            {...form.getInputProps('first_name')}
            data-testid="user-first-name"
          />
          <TextInput label={t('account:settings.lastName')} {...form.getInputProps('last_name')} />
          <TextInput label={t('account:settings.phone')} type="tel" {...form.getInputProps('phone')} />
          <TextInput label={t('account:settings.mobile')} type="tel" {...form.getInputProps('mobile')} />
          <Select
            label={t('account:settings.contactLanguage')}
            data={languages}
            allowDeselect={false}
            {...form.getInputProps('contact_language')}
          />
          <Select
            label={t('account:settings.timezone')}
            data={timeZones}
            searchable
            allowDeselect={false}
            limit={50}
            {...form.getInputProps('timezone')}
          />
        </SimpleGrid>
        {mayListRoles && (
          <MultiSelect
            label={t('users.roles')}
            data={(roles.data?.data ?? []).map((role) => ({ value: role.name, label: role.title }))}
            searchable
            {...form.getInputProps('roles')}
            data-testid="user-roles"
          />
        )}
        {user?.id !== selfId && !inviting && (
          <Switch label={t('users.active')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
        )}
        <FormActions
          saveLabel={t('actions.save')}
          cancelLabel={t('actions.cancel')}
          cancelTo={userPaths.users}
          submitting={form.submitting}
          submitTestId="user-submit"
        />
      </Stack>
    </form>
  );
}
