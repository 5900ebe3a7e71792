import type { ReactNode } from 'react';
import styled from 'styled-components';
import { timeAgo, type Pog } from '@pog/common';
import { Dialog } from '../../../components/Dialog';
import { PlayerName } from '../../players/PlayerName';
import { PogDisc } from './PogDisc';
import { PogLink } from './PogLink';
import { RarityBadge } from './RarityBadge';

const Layout = styled.div`
  display: grid;
  justify-items: center;
  gap: 1.25rem;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.4rem 1rem;
  width: 100%;
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textSubtle}; font-weight: 700; }
  dd { margin: 0; }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.75rem;
  width: 100%;
`;

/**
 * A POG up close: the disc, its rarity and points, and who made and holds it (linked to their pages
 * for signed-in viewers, `linkPlayers`).
 */
export function PogDetailDialog({ pog, onClose, actions, linkPlayers = false }: { pog: Pog | null; onClose: () => void; actions?: ReactNode; linkPlayers?: boolean }) {
  return (
    <Dialog open={pog !== null} onClose={onClose} title={pog?.name ?? ''} width={480}>
      {pog && (
        <Layout>
          <PogDisc design={pog} size={240} eager />
          <Facts>
            <dt>Rarity</dt>
            <dd>
              <RarityBadge pog={pog} />
            </dd>
            <dt>Points</dt>
            <dd>{pog.pointsPending || pog.points === null ? 'Being scored' : `${pog.points} PTS`}</dd>
            <dt>Creator</dt>
            <dd>
              <PlayerName userId={pog.creatorId} username={pog.creatorUsername} linked={linkPlayers} onFollow={onClose} />
            </dd>
            <dt>Owner</dt>
            <dd>
              <PlayerName userId={pog.userId} username={pog.username} linked={linkPlayers} onFollow={onClose} />
            </dd>
            <dt>Created</dt>
            <dd>{timeAgo(pog.createdAt)}</dd>
            <dt>History</dt>
            <dd>
              <PogLink pog={pog} onFollow={onClose}>
                Its page and history
              </PogLink>
            </dd>
          </Facts>
          {actions && <Footer>{actions}</Footer>}
        </Layout>
      )}
    </Dialog>
  );
}
