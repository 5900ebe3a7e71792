/**
 * /pog/:id, a POG's own page (public, like Explore): the disc large, its rarity, points, creator
 * and holder, its supply and cooldown, and its history. The server fills in the title and Open
 * Graph tags for shared links (gateway/src/http/pog-page.ts); the tab title follows here.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import styled from 'styled-components';
import { apiPaths, type Pog, type UserId } from '@pog/common';
import { routeQuery } from '../../api/client';
import { toAppError } from '../../api/errors';
import { Button, ButtonLink } from '../../components/Button';
import { ErrorPanel } from '../../components/ErrorPanel';
import { NoticePanel } from '../../components/NoticePanel';
import { Page, PageHeader, PageSection as Section, PageTitle } from '../../components/Page';
import { PageSpinner } from '../../components/Spinner';
import { useCurrentUser } from '../../features/auth/useCurrentUser';
import { PlayerName } from '../../features/players/PlayerName';
import { playerIdFromParam as idFromParam } from '../../features/players/paths';
import { PogDisc } from '../../features/pogs/components/PogDisc';
import { RarityBadge } from '../../features/pogs/components/RarityBadge';
import { HistoryList } from '../../features/provenance/HistoryList';
import { cooldownText, PROVENANCE_TEXT, supplyText } from '../../features/provenance/texts';
import { useMarkToggle } from '../../features/wishlists/useMarkToggle';
import { usePageTitle } from '../../hooks/usePageTitle';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, auto) minmax(0, 1fr);
  gap: 2rem;
  align-items: start;
  margin-top: 1.5rem;
  @media (max-width: 720px) { grid-template-columns: minmax(0, 1fr); justify-items: center; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.5rem 1.25rem;
  margin: 0;
  width: 100%;
  dt { color: ${({ theme }) => theme.colors.textSubtle}; font-weight: 700; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;


const Points = styled.span`
  font-weight: 800;
  color: ${({ theme }) => theme.colors.gold};
`;

/** "Want" (another player's POG) or "Up for trade" (your own), for a signed-in viewer. */
function MarkButton({ pog, viewerId }: { pog: Pog; viewerId: UserId | null }) {
  const mark = useMarkToggle(pog, viewerId);
  if (!mark) return null;
  return (
    <Button $variant={mark.marked ? 'primary' : 'outline'} aria-pressed={mark.marked} aria-label={mark.label} disabled={mark.busy} onClick={mark.toggle}>
      {mark.text}
    </Button>
  );
}

export default function PogPage() {
  const { id: param } = useParams();
  // The same rule as player ids: digits only, else the page says the POG does not exist.
  const pogId = idFromParam(param ?? null);
  const { data: viewer } = useCurrentUser();
  const query = useQuery({ ...routeQuery(apiPaths.pogs.provenance, { params: { id: pogId ?? 0 } }), enabled: pogId !== null, meta: { errorToast: false } });
  usePageTitle(query.data?.pog.name ?? 'POG');

  if (pogId === null || (query.isError && toAppError(query.error).code === 'NOT_FOUND')) {
    return (
      <Page>
        <NoticePanel as="div">
          <h1>POG not found</h1>
          <p>{PROVENANCE_TEXT.notFound}</p>
          <ButtonLink to="/explore">Explore Pogs</ButtonLink>
        </NoticePanel>
      </Page>
    );
  }
  if (query.isPending) return <PageSpinner label="Loading the POG..." />;
  if (query.isError) {
    return (
      <Page>
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      </Page>
    );
  }
  const { pog } = query.data;
  const linked = Boolean(viewer);
  return (
    <Page>
      <PageHeader>
        <PageTitle>{pog.name}</PageTitle>
      </PageHeader>
      <Layout>
        <PogDisc design={pog} size={280} eager />
        <Facts aria-label="About this POG">
          <dt>Rarity</dt>
          <dd>
            <RarityBadge pog={pog} />
          </dd>
          <dt>Points</dt>
          <dd>{pog.pointsPending || pog.points === null ? 'Being scored' : <Points>{pog.points} PTS</Points>}</dd>
          <dt>Creator</dt>
          <dd>
            <PlayerName userId={pog.creatorId} username={pog.creatorUsername} linked={linked} />
          </dd>
          <dt>Holder</dt>
          <dd>
            <PlayerName userId={pog.userId} username={pog.username} linked={linked} />
          </dd>
          <dt>Supply</dt>
          <dd>{supplyText(query.data.tradesUsed, pog.maxTrades)}</dd>
          <dt>Cooldown</dt>
          <dd>{cooldownText(pog, new Date())}</dd>
          <dt>Created</dt>
          <dd>
            <time dateTime={pog.createdAt}>{new Date(pog.createdAt).toLocaleDateString()}</time>
          </dd>
          {viewer && (
            <>
              <dt>{viewer.id === pog.userId ? 'Yours' : 'Wishlist'}</dt>
              <dd>
                <MarkButton pog={pog} viewerId={viewer.id} />
              </dd>
            </>
          )}
        </Facts>
      </Layout>
      <Section aria-labelledby="pog-history">
        <h2 id="pog-history">{PROVENANCE_TEXT.history}</h2>
        <HistoryList provenance={query.data} linked={linked} />
      </Section>
    </Page>
  );
}
