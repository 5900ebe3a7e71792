/**
 * The frame both Battle Arena variants share: title and lead, a spinner while the session loads,
 * the signed-out message, and the arena itself for a signed-in player.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { User } from '@pog/common';
import { Page, PageHeader, PageLead, PageTitle } from '../../../components/Page';
import { PageSpinner } from '../../../components/Spinner';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { useCurrentUser } from '../../auth/useCurrentUser';
import { BATTLE_TEXT } from '../messages';
import { SignedOutNotice } from './Notices';

const Body = styled.div`
  display: grid;
  gap: 1.5rem;
  margin-top: 1.5rem;
`;

export function ArenaPage({ above, arena }: { above?: ReactNode; arena: (viewer: User) => ReactNode }) {
  usePageTitle(BATTLE_TEXT.title);
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  return (
    <Page>
      <PageHeader>
        <PageTitle>{BATTLE_TEXT.title}</PageTitle>
        <PageLead>{BATTLE_TEXT.lead}</PageLead>
      </PageHeader>
      <Body>
        {above}
        {user ? arena(user) : <SignedOutNotice />}
      </Body>
    </Page>
  );
}
