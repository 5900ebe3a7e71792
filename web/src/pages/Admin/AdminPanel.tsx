import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AdminAuthStatus, Pog } from '@pog/common';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { LogOutIcon } from '../../components/icons';
import { Page, PageTitle } from '../../components/Page';
import { Tabs, type TabItem } from '../../components/Tabs';
import { AllPogsTab } from '../../features/admin/components/AllPogsTab';
import { AuditLogTab } from '../../features/admin/components/AuditLogTab';
import { FlaggedTab } from '../../features/admin/components/FlaggedTab';
import { LiveIndicator } from '../../features/admin/components/LiveIndicator';
import { ModeratePogDialog } from '../../features/admin/components/ModeratePogDialog';
import { UsersTab } from '../../features/admin/components/UsersTab';
import { adminStatusKey } from '../../features/admin/keys';
import { ADMIN_TEXT } from '../../features/admin/messages';
import { ADMIN_LOGIN_PATH, useAdminLogout } from '../../features/admin/mutations';
import { useAdminListTotals } from '../../features/admin/queries';
import { useAdminSocket } from '../../features/admin/useAdminSocket';

const Top = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  margin-bottom: 1.5rem;
`;

const Side = styled.div`
  display: flex;
  align-items: center;
  gap: 1rem;
  svg { width: 1rem; height: 1rem; }
`;

type AdminTab = 'flagged' | 'all' | 'users' | 'audit';

/** A tab's name with how many rows its whole list holds, once known. */
function TabLabel({ text, count, testId }: { text: string; count: number; testId: string }) {
  return (
    <>
      {text}{' '}
      {count > 0 && (
        <Badge $variant="secondary" data-testid={testId}>
          {count}
        </Badge>
      )}
    </>
  );
}

/**
 * The panel proper, for an admin session: the spec's three tabs, opening on Flagged, our Audit log
 * tab after them, and the POG dialog.
 */
export function AdminPanel() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<AdminTab>('flagged');
  const [reviewing, setReviewing] = useState<Pog | null>(null);
  const logout = useAdminLogout();
  const live = useAdminSocket(true);

  // The admin session ended elsewhere (expired, or logged out in another tab).
  const onUnauthorized = useCallback(() => {
    queryClient.setQueryData<AdminAuthStatus>(adminStatusKey, { authenticated: false });
    navigate(ADMIN_LOGIN_PATH, { replace: true });
  }, [queryClient, navigate]);

  // Every list's whole count, from the server and kept by the live events: 261 flagged says 261.
  const totals = useAdminListTotals(true);

  const items: TabItem<AdminTab>[] = [
    {
      id: 'flagged',
      label: (
        <>
          Flagged POGs{' '}
          {totals.flagged > 0 && (
            <Badge $variant="destructive" data-testid="flagged-count">
              {totals.flagged}
            </Badge>
          )}
        </>
      ),
      content: <FlaggedTab onReview={setReviewing} onUnauthorized={onUnauthorized} />,
    },
    { id: 'all', label: <TabLabel text="All POGs" count={totals.allPogs} testId="all-pogs-count" />, content: <AllPogsTab onReview={setReviewing} onUnauthorized={onUnauthorized} /> },
    { id: 'users', label: <TabLabel text="Users" count={totals.users} testId="users-count" />, content: <UsersTab onUnauthorized={onUnauthorized} /> },
    { id: 'audit', label: 'Audit log', content: <AuditLogTab onUnauthorized={onUnauthorized} /> },
  ];

  return (
    <Page>
      <Top>
        <PageTitle>{ADMIN_TEXT.panelTitle}</PageTitle>
        <Side>
          <LiveIndicator status={live} />
          <Button $variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
            <LogOutIcon />
            Logout
          </Button>
        </Side>
      </Top>
      <Tabs label="Moderation" items={items} value={tab} onValueChange={setTab} />
      <ModeratePogDialog pog={reviewing} onClose={() => setReviewing(null)} />
    </Page>
  );
}
