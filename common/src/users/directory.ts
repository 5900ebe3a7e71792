/** GET /api/users: every player others can see, or only those who can be challenged right now. */
import { z } from 'zod';

export const userListQuerySchema = z.object({
  /** `1`: only players holding a POG they could risk in a battle (the challenge form's opponents). */
  canBeChallenged: z.enum(['1', 'true'], { error: 'canBeChallenged must be 1 when given' }).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
