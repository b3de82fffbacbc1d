import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { RegisterForm } from '../../features/auth/components/register-form';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <RegisterForm onSuccess={() => void navigate(paths.login)} />
    </AuthCard>
  );
}
