import { expiresIn } from '@pog/common';
import { useNow } from '../hooks/useNow';

/** How long a pending offer or challenge has left, counting down by the minute until it expires. */
export function ExpiresIn({ at }: { at: string }) {
  const until = new Date(at).getTime();
  // Ticks each minute while time is left, and no more once it has run out.
  const now = useNow(until > Date.now() ? until : null);
  return <time dateTime={at}>{expiresIn(at, new Date(now))}</time>;
}
