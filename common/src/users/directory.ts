/**
 * GET /api/users: the players others can see, a page at a time (the Players page, the Trade
 * dialog's and the challenge form's pickers, Explore's creator filter), searchable by name.
 */
import { z } from 'zod';
import { userSchema } from '../schemas/auth';
import { idTextSchema } from '../schemas/ids';

const flag = (name: string) => z.enum(['1', 'true'], { error: `${name} must be 1 when given` }).optional();

/** Players per page unless asked otherwise, and the most one page holds. */
export const USER_PAGE_SIZE = 50;
export const USER_PAGE_MAX = 100;

export const userListQuerySchema = z.object({
  /** `1`: only players holding a POG they could risk in a battle (the challenge form's opponents). */
  canBeChallenged: flag('canBeChallenged'),
  /** `1`: only players holding at least one POG (trade partners, creators). */
  holding: flag('holding'),
  /** Case-insensitive, anywhere in the username or the display name. */
  search: z.string().trim().max(50, 'Search text is too long (at most 50 characters)').optional(),
  /** Only this player, if they pass the other filters (a picker's preset choice). */
  id: idTextSchema('id').brand<'UserId'>().optional(),
  limit: z.coerce
    .number({ error: `limit must be a number from 1 to ${USER_PAGE_MAX}` })
    .int(`limit must be a number from 1 to ${USER_PAGE_MAX}`)
    .min(1, `limit must be a number from 1 to ${USER_PAGE_MAX}`)
    .max(USER_PAGE_MAX, `limit must be a number from 1 to ${USER_PAGE_MAX}`)
    .default(USER_PAGE_SIZE),
  /** The `X-Next-Cursor` of the previous page. */
  cursor: z.string().max(200, 'The cursor is not valid').optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** A player as others see them, with how many POGs they hold (GET /api/users, /api/users/:id). */
export const publicUserSchema = userSchema.extend({ pogCount: z.number().int().nonnegative() });
export type PublicUser = z.infer<typeof publicUserSchema>;
