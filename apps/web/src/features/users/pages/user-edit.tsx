import { Card, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useUser } from '../api/users';
import { UserForm } from '../components/user-form';
import { userPaths } from '../paths';

/** /users/create */
export function UserCreatePage() {
  const { t } = useTranslation(['users', 'nav']);
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader back={{ to: userPaths.users, list: t('nav:users') }} title={t('users.create')} />
        <Card withBorder radius="lg" padding="lg">
          <UserForm />
        </Card>
      </Stack>
    </Container>
  );
}

/** /users/{id}/edit */
export function UserEditPage() {
  const { t } = useTranslation(['users', 'nav']);
  const { id = '' } = useParams();
  const user = useUser(id);
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader back={{ to: userPaths.users, list: t('nav:users') }} title={t('users.edit')} />
        <Card withBorder radius="lg" padding="lg">
          <QueryState query={user} skeletonHeight={240} back={{ to: userPaths.users, list: t('nav:users') }}>
            {(data) => <UserForm key={data.id} user={data} />}
          </QueryState>
        </Card>
      </Stack>
    </Container>
  );
}
