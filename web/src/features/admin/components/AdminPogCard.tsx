import styled from 'styled-components';
import type { Pog } from '@pog/common';
import { Badge } from '../../../components/Badge';
import { useHeadingTag } from '../../../components/HeadingLevel';
import { Button } from '../../../components/Button';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { POG_CARD_SIZES } from '../../pogs/components/PogCard';
import { PogDisc } from '../../pogs/components/PogDisc';
import { PogLink } from '../../pogs/components/PogLink';
import { RarityBadge } from '../../pogs/components/RarityBadge';
import { awaitsReview, ownerLabel } from '../display';
import { ReportBadges } from './ReportBadges';
import { ClaimBadge, ClaimButton } from './ClaimControls';

const Card = styled.article`
  display: grid;
  justify-items: center;
  gap: 0.5rem;
  height: 100%;
  padding: 1rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  &:focus-within { border-color: ${({ theme }) => theme.colors.borderStrong}; }
`;

const Name = styled.h3`
  max-width: 100%;
  font-size: 1rem;
  text-align: center;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Owner = styled.p`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.35rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.5rem;
`;

/**
 * A POG in the Flagged and All POGs tabs: preview (size md), name, owner, rarity, the moderation
 * badges (how many players reported it; who claimed it, live) and Review and Claim. Flagged shows
 * while the POG awaits a decision; a rejected one says so.
 */
export function AdminPogCard({ pog, onReview }: { pog: Pog; onReview: (pog: Pog) => void }) {
  const headingTag = useHeadingTag();
  return (
    <Card aria-label={pog.name} data-pog-id={pog.id}>
      <PogDisc design={pog} size={POG_CARD_SIZES.md} />
      <Name as={headingTag} title={pog.name}>
        <PogLink pog={pog} />
      </Name>
      <Owner>{ownerLabel(pog)}</Owner>
      <Badges>
        <RarityBadge pog={pog} />
        {awaitsReview(pog) && <Badge $variant="destructive">Flagged</Badge>}
        {pog.moderationStatus === 'rejected' && <Badge $variant="outline">Rejected</Badge>}
        {pog.isApproved && <Badge $variant="success">Approved</Badge>}
        <ReportBadges pog={pog} />
        <ClaimBadge target={{ type: 'pog', id: pog.id }} />
      </Badges>
      <Actions>
        <Button $variant="secondary" $size="sm" onClick={() => onReview(pog)}>
          Review<VisuallyHidden> {pog.name}</VisuallyHidden>
        </Button>
        <ClaimButton target={{ type: 'pog', id: pog.id }} name={pog.name} />
      </Actions>
    </Card>
  );
}
