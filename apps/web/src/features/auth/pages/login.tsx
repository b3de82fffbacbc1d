import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { appPaths } from '../../../config/paths';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <AuthCard title={t('login.title', { product: getRuntimeConfig().productName })} subtitle={t('login.subtitle')}>
      <LoginForm onSuccess={() => void navigate(appPaths.home, { replace: true })} />
    </AuthCard>
  );
}
