import styled from 'styled-components';
import type { Pog } from '@pog/common';
import { RepeatIcon } from '../../../components/icons';
import { PogDisc } from '../../pogs/components/PogDisc';
import { PogLink } from '../../pogs/components/PogLink';
import { RarityBadge } from '../../pogs/components/RarityBadge';

const Pair = styled.div`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: 0.75rem;
`;

const Side = styled.figure`
  display: grid;
  justify-items: center;
  gap: 0.35rem;
  margin: 0;
  text-align: center;
  figcaption { display: grid; gap: 0.2rem; justify-items: center; font-size: 0.85rem; }
  small { color: ${({ theme }) => theme.colors.textSubtle}; font-size: 0.75rem; text-transform: uppercase; letter-spacing: 0.05em; }
  strong { max-width: 10rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

const Gone = styled.span`
  display: grid;
  place-items: center;
  width: 72px;
  height: 72px;
  border-radius: 50%;
  border: 2px dashed ${({ theme }) => theme.colors.borderStrong};
  color: ${({ theme }) => theme.colors.textSubtle};
  font-size: 0.7rem;
`;

const Arrows = styled.span`
  color: ${({ theme }) => theme.colors.accent};
  svg { width: 1.4rem; height: 1.4rem; }
`;

function TradedPog({ pog, caption }: { pog: Pog | null; caption: string }) {
  return (
    <Side>
      {pog ? <PogDisc design={pog} size={72} /> : <Gone aria-hidden="true">deleted</Gone>}
      <figcaption>
        <small>{caption}</small>
        <strong>{pog ? <PogLink pog={pog} /> : 'A deleted POG'}</strong>
        {pog && <RarityBadge pog={pog} />}
      </figcaption>
    </Side>
  );
}

/** Both POGs of a trade: what is offered, and what is asked for in return. */
export function TradePogPair({ offer, request, offerCaption, requestCaption }: { offer: Pog | null; request: Pog | null; offerCaption: string; requestCaption: string }) {
  return (
    <Pair>
      <TradedPog pog={offer} caption={offerCaption} />
      <Arrows aria-hidden="true">
        <RepeatIcon />
      </Arrows>
      <TradedPog pog={request} caption={requestCaption} />
    </Pair>
  );
}
