/**
 * The Creator Studio's score preview: what a design would score if it were saved now, read with the
 * scorer's own queries and maths (scoring.ts, previewScore), so that a design saved with nothing
 * changed in between gets exactly the previewed rarity and points. Reads only; writes nothing.
 */
import { NotFoundError } from '@pog/common/errors';
import type { ScorePreview, ScorePreviewRequest } from '@pog/common/pogs/schemas';
import type { UserId } from '@pog/common/schemas/ids';
import type { Db } from '../db/client';
import { designKeys, imageFacts } from './commands';
import { MISSING_POG, pogPolicy } from './policy';
import { findPog } from './repository';
import { previewScore } from './scoring';

/**
 * The preview of `request` for `userId`, who creates it. An edit (`pogId`) must be one the player may
 * edit (403 or 404 otherwise, as saving it would be); its own row is left out of the counts, as the
 * scorer leaves it out. An upload link that names no upload is a 400, as saving it would be.
 */
export async function scorePreview(db: Db, userId: UserId, request: ScorePreviewRequest): Promise<ScorePreview> {
  const { pogId, imageUrl, ...look } = request;
  if (pogId !== undefined) {
    const found = await findPog(db, pogId);
    if (!found) throw new NotFoundError(MISSING_POG);
    pogPolicy.authorize('edit', { id: userId }, found.pog);
  }
  const { score, copied, legendaryCapped } = await previewScore(db, {
    id: pogId ?? null,
    creatorId: userId,
    ...look,
    ...designKeys(look),
    ...(await imageFacts(db, imageUrl)),
  });
  return { ...score, copied, legendaryCapped };
}
