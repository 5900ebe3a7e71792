import type { ReactNode } from 'react';
import type { TradeParty } from '@pog/common';
import { Avatar } from '../../../components/Avatar';
import { useHeadingTag } from '../../../components/HeadingLevel';
import { PlayerName } from '../../players/PlayerName';
import { Head, Meta, Who } from './tradeCardStyles';

/**
 * The top of a trade card: the other player's avatar and linked name as the card's heading, the
 * lines under it (`children`: what the trade is to the viewer), and on the right its badges and times (`meta`).
 */
export function TradeCardHead({ other, meta, children }: { other: TradeParty; meta: ReactNode; children: ReactNode }) {
  const Heading = useHeadingTag();
  return (
    <Head>
      <Avatar initials={other.avatarInitials} color={other.avatarColor} size={40} />
      <Who>
        <Heading title={other.username}>
          <PlayerName userId={other.id} username={other.username} linked bare />
        </Heading>
        {children}
      </Who>
      <Meta>{meta}</Meta>
    </Head>
  );
}
