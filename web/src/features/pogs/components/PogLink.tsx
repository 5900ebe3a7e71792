import type { ReactNode } from 'react';
import { pogPagePath } from '@pog/common';
import { InlineLink } from '../../../components/InlineLink';
import { VisuallyHidden } from '../../../components/VisuallyHidden';

/**
 * A POG's name (or `children`) linking to its page, /pog/:id, which anyone may open. `newTab` from
 * inside a dialog whose choices would be lost by leaving (the trade dialog, accepting a battle).
 */
export function PogLink({ pog, children, onFollow, newTab = false }: { pog: { id: number; name: string }; children?: ReactNode; onFollow?: () => void; newTab?: boolean }) {
  return (
    <InlineLink to={pogPagePath(pog.id)} onClick={onFollow} {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}>
      {children ?? pog.name}
      {newTab && <VisuallyHidden> (opens in a new tab)</VisuallyHidden>}
    </InlineLink>
  );
}
