import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { appPaths } from '../../../config/paths';
import { RegisterForm } from '../components/register-form';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <RegisterForm onSuccess={() => void navigate(appPaths.login)} />
    </AuthCard>
  );
}
