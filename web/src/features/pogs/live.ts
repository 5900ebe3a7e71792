/** `pog:updated` from the socket: a POG was scored or edited; every cached list shows it at once. */
import type { QueryClient } from '@tanstack/react-query';
import { pogSchema } from '@pog/common';
import { reportError } from '../errors/showError';
import { applyPogUpdate } from './cache';

export function applyLivePog(queryClient: QueryClient, payload: unknown): void {
  // The socket contract types POGs loosely; check the shape before it reaches the screens.
  const parsed = pogSchema.safeParse(payload);
  if (!parsed.success) {
    reportError(parsed.error, 'pog:updated payload');
    return;
  }
  applyPogUpdate(queryClient, parsed.data);
}
