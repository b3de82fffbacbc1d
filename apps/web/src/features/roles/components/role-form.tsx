import {
  ADMIN_ROLE,
  createRoleBodySchema,
  notSelfService,
  PARTNER_TYPES,
  type PartnerType,
  PERMISSION_FETCH_LIMIT,
  type RoleRecord,
} from '@cuspid/contracts';
import { Alert, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, Switch, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { zodFormValidator } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { permissionRecordListQuery } from '../../permissions';
import { useCreateRole, useUpdateRole } from '../api/roles';
import { PERMISSION_CATALOGUE, SELF_SERVICE_TITLES } from '../lib/permission-catalogue';
import { rolePaths } from '../paths';
import { PermissionMatrix } from './permission-matrix';

type Values = {
  name: string;
  title: string;
  partner_type: PartnerType | null;
  can_register: boolean;
  can_edit_commissions: boolean;
  assign_on_registration: boolean;
  require_two_factor: boolean;
  priority: number;
  permissions: string[];
};

/**
 * The server's rule, shown before sending (ADR 0036): a role given on registration or open to
 * self-registration carries self-service permissions only.
 */
const selfServiceOnly =
  (t: TFunction<['identity', 'common']>) =>
  (values: Values): FormErrors => {
    if (!values.can_register && !values.assign_on_registration) return {};
    const others = notSelfService(values.permissions, PERMISSION_CATALOGUE);
    if (!others.length) return {};
    const message = t('roles.selfServiceOnly', { titles: others.join(', ') });
    return values.assign_on_registration ? { assign_on_registration: message } : { can_register: message };
  };

export function RoleForm({ role }: { role?: RoleRecord }) {
  const { t } = useTranslation(['roles', 'common']);
  const navigate = useNavigate();
  const create = useCreateRole();
  const update = useUpdateRole();
  const catalogue = useQuery(
    permissionRecordListQuery({ limit_start: 0, limit_count: PERMISSION_FETCH_LIMIT, sort_by: 'scope' }),
  );
  const isAdminRole = role?.name === ADMIN_ROLE;
  const registrationHint = t('roles.registrationHint', { titles: SELF_SERVICE_TITLES.join(', ') });
  const form = useForm<Values>({
    initialValues: {
      name: role?.name ?? '',
      title: role?.title ?? '',
      partner_type: role?.partner_type ?? null,
      can_register: role?.can_register ?? false,
      can_edit_commissions: role?.can_edit_commissions ?? false,
      assign_on_registration: role?.assign_on_registration ?? false,
      require_two_factor: role?.require_two_factor ?? false,
      priority: role?.priority ?? 100,
      permissions: role?.permissions ?? [],
    },
    validate: zodFormValidator<Values>(createRoleBodySchema, selfServiceOnly(t)),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      if (role) {
        await update.mutateAsync({
          id: role.id,
          ...values,
          ...(isAdminRole ? { permissions: undefined, name: undefined } : {}),
        });
        notifySuccess(t('roles.updated'));
      } else {
        await create.mutateAsync(values);
        notifySuccess(t('roles.created'));
      }
      void navigate(rolePaths.roles);
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="role-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('roles.name')}
            description={t('roles.nameHint')}
            required
            disabled={isAdminRole}
            {...form.getInputProps('name')}
            data-testid="role-name"
          />
          <TextInput label={t('roles.roleTitle')} required {...form.getInputProps('title')} data-testid="role-title" />
          <Select
            label={t('roles.partnerType')}
            data={PARTNER_TYPES.map((type) => ({ value: type, label: t(`roles.partnerTypes.${type}`) }))}
            clearable
            {...form.getInputProps('partner_type')}
          />
          <NumberInput label={t('roles.priority')} min={0} max={1000} {...form.getInputProps('priority')} />
        </SimpleGrid>
        <Group>
          <Switch
            label={t('roles.canRegister')}
            description={registrationHint}
            disabled={isAdminRole}
            {...form.getInputProps('can_register', { type: 'checkbox' })}
          />
          <Switch
            label={t('roles.canEditCommissions')}
            {...form.getInputProps('can_edit_commissions', { type: 'checkbox' })}
          />
          <Switch
            label={t('roles.assignOnRegistration')}
            description={registrationHint}
            disabled={isAdminRole}
            {...form.getInputProps('assign_on_registration', { type: 'checkbox' })}
          />
          <Switch
            label={t('roles.requireTwoFactor')}
            description={t('roles.requireTwoFactorHint')}
            data-testid="role-require-two-factor"
            {...form.getInputProps('require_two_factor', { type: 'checkbox' })}
          />
        </Group>
        {isAdminRole && <Alert color="blue">{t('roles.adminHoldsAll')}</Alert>}
        {catalogue.isPending ? (
          <Skeleton h={200} />
        ) : (
          <PermissionMatrix
            permissions={catalogue.data?.data ?? []}
            value={form.values.permissions}
            onChange={(titles) => form.setFieldValue('permissions', titles)}
            disabled={isAdminRole}
          />
        )}
        <FormActions
          saveLabel={t('actions.save')}
          cancelLabel={t('actions.cancel')}
          cancelTo={rolePaths.roles}
          submitting={form.submitting}
          submitTestId="role-submit"
        />
      </Stack>
    </form>
  );
}
