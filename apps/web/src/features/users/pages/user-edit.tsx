import { Card, Container, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RecordLoadError } from '../../../components/record-not-found';
import { useUser } from '../api/users';
import { UserForm } from '../components/user-form';
import { userPaths } from '../paths';

/** /users/create */
export function UserCreatePage() {
  const { t } = useTranslation('users');
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader back={{ to: userPaths.users, list: t('common:nav.users') }} title={t('users.create')} />
        <Card withBorder radius="lg" padding="lg">
          <UserForm />
        </Card>
      </Stack>
    </Container>
  );
}

/** /users/{id}/edit */
export function UserEditPage() {
  const { t } = useTranslation('users');
  const { id = '' } = useParams();
  const user = useUser(id);
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader back={{ to: userPaths.users, list: t('common:nav.users') }} title={t('users.edit')} />
        <Card withBorder radius="lg" padding="lg">
          {user.isPending && <Skeleton h={240} />}
          {user.isError && (
            <RecordLoadError error={user.error} back={{ to: userPaths.users, list: t('common:nav.users') }} />
          )}
          {user.data && <UserForm key={user.data.id} user={user.data} />}
        </Card>
      </Stack>
    </Container>
  );
}
