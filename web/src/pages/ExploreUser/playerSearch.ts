/** How the player picker names a player (the search itself is the server's: GET /api/users?search=). */
import type { User } from '@pog/common';

type Named = Pick<User, 'username' | 'displayName'>;

/** The name a player goes by: the display name, or the username when it is blank. */
export const shownName = (player: Named) => player.displayName.trim() || player.username;
