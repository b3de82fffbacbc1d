import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { getRuntimeConfig } from '../../lib/runtime-config';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <AuthCard title={t('login.title', { product: getRuntimeConfig().productName })} subtitle={t('login.subtitle')}>
      <LoginForm onSuccess={() => void navigate(paths.home, { replace: true })} />
    </AuthCard>
  );
}
