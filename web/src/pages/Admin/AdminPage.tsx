import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../components/Spinner';
import { ADMIN_TEXT } from '../../features/admin/messages';
import { ADMIN_LOGIN_PATH } from '../../features/admin/mutations';
import { useAdminStatus } from '../../features/admin/queries';
import { usePageTitle } from '../../hooks/usePageTitle';
import { toast } from '../../stores/toasts';
import { AdminPanel } from './AdminPanel';

/**
 * /admin: the player session plays no part; the admin session is checked with the status call and
 * a visitor without one goes to /admin-login (product spec: screens, Admin panel).
 */
export default function AdminPage() {
  usePageTitle(ADMIN_TEXT.panelTitle);
  const status = useAdminStatus();

  useEffect(() => {
    if (status.isError) toast({ title: ADMIN_TEXT.statusCheckFailed, variant: 'destructive' });
  }, [status.isError]);

  if (status.isPending) return <PageSpinner label="Checking the admin session..." />;
  if (status.isError || !status.data.authenticated) return <Navigate to={ADMIN_LOGIN_PATH} replace />;
  return <AdminPanel />;
}
