import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { HistoryEntry, PlayerRef, PogProvenance } from '@pog/common';
import { InlineLink } from '../../components/InlineLink';
import { BATTLE_TYPE_LABELS } from '../battles/outcome';
import { PlayerName } from '../players/PlayerName';
import { PogLink } from '../pogs/components/PogLink';
import { moderationText, PROVENANCE_TEXT, rollsText } from './texts';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.6rem;
  border-left: 2px solid ${({ theme }) => theme.colors.border};
`;

const Item = styled.li`
  position: relative;
  display: grid;
  gap: 0.2rem;
  padding: 0.15rem 0 0.15rem 1.1rem;
  &::before {
    content: '';
    position: absolute;
    left: -0.42rem;
    top: 0.45rem;
    width: 0.7rem;
    height: 0.7rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.accentFill};
  }
  time { font-size: 0.8rem; color: ${({ theme }) => theme.colors.textSubtle}; }
`;

const Quiet = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-style: italic;
`;

/** Whether names link to player pages: only for signed-in viewers (those pages need a session). */
interface Linking {
  linked: boolean;
}

function Name({ player, linked }: { player: PlayerRef } & Linking) {
  return <PlayerName userId={player.id} username={player.username} linked={linked} />;
}

function sentence(entry: HistoryEntry, { linked }: Linking): ReactNode {
  switch (entry.kind) {
    case 'created':
      return (
        <>
          Created by <Name player={entry.creator} linked={linked} />.
        </>
      );
    case 'traded':
      return (
        <>
          Traded by <Name player={entry.from} linked={linked} /> to <Name player={entry.to} linked={linked} /> for <PogLink pog={entry.forPog} />.
        </>
      );
    case 'battled':
      return (
        <>
          {BATTLE_TYPE_LABELS[entry.battleType]} battle: <Name player={entry.holder} linked={linked} /> risked it against{' '}
          <Name player={entry.opponent} linked={linked} />
          {entry.opponentPog && (
            <>
              {"'s "}
              <PogLink pog={entry.opponentPog} />
            </>
          )}
          , {rollsText(entry)}
          {entry.won ? '.' : <>: it went to <Name player={entry.opponent} linked={linked} />.</>}{' '}
          {entry.battleId !== null && (
            // Both public, like this page: the battle's own page, and its rolls recomputed.
            <>
              <InlineLink to={`/battles/${entry.battleId}`}>{PROVENANCE_TEXT.watch}</InlineLink> · <InlineLink to={`/battle/${entry.battleId}/verify`}>{PROVENANCE_TEXT.verify}</InlineLink>
            </>
          )}
        </>
      );
    case 'moderated':
      return moderationText(entry);
  }
}

/** A POG's history, oldest first: each line says what happened, to whom, and when. */
export function HistoryList({ provenance, linked }: { provenance: PogProvenance } & Linking) {
  return (
    <List aria-label={PROVENANCE_TEXT.history}>
      {provenance.earlierHistoryMissing && (
        <Item>
          <Quiet>{PROVENANCE_TEXT.earlierMissing}</Quiet>
        </Item>
      )}
      {provenance.history.map((entry) => (
        <Item key={entry.id} data-kind={entry.kind}>
          <p>{sentence(entry, { linked })}</p>
          <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
        </Item>
      ))}
    </List>
  );
}
