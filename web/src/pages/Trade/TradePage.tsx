import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import styled from 'styled-components';
import type { TradeId, User, UserId } from '@pog/common';
import { Button, ButtonLink } from '../../components/Button';
import { RepeatIcon } from '../../components/icons';
import { Page, PageHeader, PageLead, PageTitle } from '../../components/Page';
import { PageSpinner } from '../../components/Spinner';
import { Tabs } from '../../components/Tabs';
import { useCurrentUser } from '../../features/auth/useCurrentUser';
import { usePog } from '../../features/pogs/queries';
import { PendingTradeList } from '../../features/trades/components/PendingTradeList';
import { TradeHistoryList } from '../../features/trades/components/TradeHistoryList';
import { EmptyNote } from '../../features/trades/components/tradeCardStyles';
import { TRADE_TEXT } from '../../features/trades/messages';
import { usePendingTrades, useTradeHistory } from '../../features/trades/queries';
import { useTradeDialog } from '../../features/trades/useTradeDialog';
import { MatchesPanel } from '../../features/wishlists/MatchesPanel';
import { WISHLIST_TEXT } from '../../features/wishlists/messages';
import { usePageTitle } from '../../hooks/usePageTitle';
import { readTradeQuery, tabOfTrade } from './tradeQuery';

const Header = styled(PageHeader)`
  grid-template-columns: 1fr auto;
  align-items: end;
  gap: 0.75rem 1.5rem;
`;

const Body = styled.div`
  margin-top: 1.5rem;
`;

const NewTradeButton = styled(Button)`
  svg { width: 1.1rem; height: 1.1rem; }
`;

type TradeTab = 'pending' | 'matches' | 'history';

/** /trade: the Trade Center (product spec: screens): New Trade, the pending trades, the matches, and the history. */
export default function TradePage() {
  usePageTitle(TRADE_TEXT.centerTitle);
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  // The route guard sends visitors to /auth; this covers a session that ends on this screen.
  if (!user) {
    return (
      <Page>
        <PageTitle>{TRADE_TEXT.centerTitle}</PageTitle>
        <Body>
          <EmptyNote>
            <p>{TRADE_TEXT.signedOut}</p>
            <ButtonLink to="/auth">Login / Register</ButtonLink>
          </EmptyNote>
        </Body>
      </Page>
    );
  }
  return <TradeCenter user={user} />;
}

/**
 * `?offer=` and `?request=` open the dialog preset, then leave the address, so a reload or the
 * back button does not open it again.
 */
function useTradeQuery(userId: UserId, openTrade: ReturnType<typeof useTradeDialog>['openTrade']) {
  const [params, setParams] = useSearchParams();
  const { offerPogId, requestPogId } = readTradeQuery(params);
  // A requested POG's owner is the player to trade with: ask the server who that is.
  const requested = usePog(requestPogId);

  useEffect(() => {
    if (offerPogId === null && requestPogId === null) return;
    if (requestPogId !== null && requested.isPending) return;
    const owner = requested.data?.userId;
    if (requestPogId !== null && owner !== undefined && owner !== userId) openTrade({ request: { pogId: requestPogId, ownerId: owner } });
    else if (requestPogId !== null && owner === userId) openTrade({ offerPogId: requestPogId });
    else if (offerPogId !== null) openTrade({ offerPogId });
    else openTrade();
    setParams({}, { replace: true });
  }, [offerPogId, requestPogId, requested.isPending, requested.data, userId, openTrade, setParams]);
}

/**
 * The open tab. `?trade=` (a notification's or a toast's link) opens the tab that holds that trade
 * once its lists have loaded, once per visit of the link: after that the player's clicks decide,
 * and a trade decided while on screen does not pull the page to History.
 */
function useTradeTab(userId: UserId, tradeId: TradeId | null) {
  const [tab, setTab] = useState<TradeTab>('pending');
  const { key } = useLocation();
  const pending = usePendingTrades(userId);
  const history = useTradeHistory(userId, tradeId !== null);
  const where = tradeId === null ? null : tabOfTrade(tradeId, pending.data, history.data);
  const placed = useRef<string | null>(null);
  useEffect(() => {
    if (where === null || placed.current === key) return;
    placed.current = key;
    setTab(where);
  }, [where, key]);
  return [tab, setTab] as const;
}

function TradeCenter({ user }: { user: User }) {
  const { openTrade, dialog } = useTradeDialog();
  useTradeQuery(user.id, openTrade);
  const [params] = useSearchParams();
  const { tradeId } = readTradeQuery(params);
  const [tab, setTab] = useTradeTab(user.id, tradeId);
  return (
    <Page>
      <Header>
        <div>
          <PageTitle>{TRADE_TEXT.centerTitle}</PageTitle>
          <PageLead>Offer your POGs and answer the offers other players send you.</PageLead>
        </div>
        <NewTradeButton onClick={() => openTrade()}>
          <RepeatIcon />
          {TRADE_TEXT.newTrade}
        </NewTradeButton>
      </Header>
      <Body>
        <Tabs<TradeTab>
          label="Trades"
          value={tab}
          onValueChange={setTab}
          items={[
            { id: 'pending', label: TRADE_TEXT.pendingTab, content: <PendingTradeList userId={user.id} highlightId={tradeId} /> },
            { id: 'matches', label: WISHLIST_TEXT.matchesTitle, content: <MatchesPanel onOffer={openTrade} /> },
            { id: 'history', label: TRADE_TEXT.historyTab, content: <TradeHistoryList userId={user.id} highlightId={tradeId} /> },
          ]}
        />
      </Body>
      {dialog}
    </Page>
  );
}
