import type { ReactNode } from 'react';
import { pogPagePath } from '@pog/common';
import { InlineLink } from '../../../components/InlineLink';

/** A POG's name (or `children`) linking to its page, /pog/:id, which anyone may open. */
export function PogLink({ pog, children, onFollow }: { pog: { id: number; name: string }; children?: ReactNode; onFollow?: () => void }) {
  return (
    <InlineLink to={pogPagePath(pog.id)} onClick={onFollow}>
      {children ?? pog.name}
    </InlineLink>
  );
}
