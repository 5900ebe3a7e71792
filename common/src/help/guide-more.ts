/** PogBot's topic on what came after the spec; the rest of the guide is in ./guide. */
import { WIN_RATE_MIN_BATTLES } from '../leaderboards/api';
import { ARENA_LOSS_POINTS, ARENA_PAIR_DAILY_CAP, ARENA_STREAK_FROM, ARENA_STREAK_WIN_POINTS, ARENA_WIN_POINTS, ARENA_WINNER_PLACES } from '../arena/rules';
import { MARK_LIMITS, MATCHES_SHOWN } from '../wishlists/api';
import type { GuideBlock, GuideLimits, GuideTopic } from './guide';

const text = (value: string): GuideBlock => ({ kind: 'text', text: value });

/** The weekly arena (docs/rules.md, Arena). */
const ARENA_SECTION: GuideTopic['sections'][number] = {
  id: 'weekly-arena',
  heading: 'The weekly arena',
  keywords: ['weekly arena', 'arena points', 'arena board', 'streak', 'double', 'badge', 'winner', 'winners', 'cap'],
  blocks: [
    text(
      `Each UTC week (Monday 00:00 UTC to the next Monday) is an arena: every battle you complete scores, ${ARENA_WIN_POINTS} points for a win and ${ARENA_LOSS_POINTS} for a loss. Your ${ARENA_STREAK_FROM}rd win in a row in the arena, and each win after it, scores double (${ARENA_STREAK_WIN_POINTS}); a loss ends the run, and a new week starts everyone at 0.`,
    ),
    text(
      `Battles between the same two players score at most ${ARENA_PAIR_DAILY_CAP} times per UTC day; later ones that day score nothing and leave runs as they were, so two friends trading wins cannot outscore honest play. The board is the Weekly arena tab of the Leaderboard: the time left in the week, your own place and points, and last week's top ${ARENA_WINNER_PLACES}, who keep an "Arena winner, week of ..." badge on their profiles.`,
    ),
  ],
};

/** Public battle pages (docs/rules.md, Battles). */
const WATCH_SECTION: GuideTopic['sections'][number] = {
  id: 'watch-battles',
  heading: 'Watching battles',
  keywords: ['watch', 'watching', 'spectate', 'spectator', 'live', 'viewers', 'public', 'battle page', 'verify'],
  blocks: [
    text(
      "Every battle has a public page that anyone can open, signed in or not: See the battle in a POG's history, a battle under Recent battles on a player's page, or Watch beside a player on the Leaderboard or the Weekly arena (their last battle). While it is open the page shows both POGs and the seed hash; when it completes, everyone on the page watches the reveal live, with the players' own timing, and the page counts who is watching. Afterwards it keeps the result and links to the verify page, which recomputes every roll in your browser.",
    ),
  ],
};

/** Have and Want (docs/rules.md, Have and Want). */
const WISHLIST_SECTION: GuideTopic['sections'][number] = {
  id: 'have-and-want',
  heading: 'Have and Want: wishlists and matches',
  keywords: ['want', 'wanted', 'wishlist', 'wish', 'have', 'match', 'matches', 'partner', 'find', 'up for trade', 'looking for'],
  blocks: [
    text(
      `Mark any other player's POG as **Want** (the heart on its card, or the button on its page) and your own as **Up for trade** (the tag on its card, or its page): up to ${MARK_LIMITS.wants} of each. The **Matches** tab of the Trade Center then lists the players who hold a POG you want or want one you put up for trade, best first: both ways before one way, then the most even pair by points (the smallest gap between the two POGs' points), ${MATCHES_SHOWN} at most.`,
    ),
    text(
      "Each match suggests your POG for theirs; **Offer trade** opens the Trade dialog with both already chosen, so one more click sends it. Only POGs that could be offered right now are suggested: none on cooldown, out of trade supply, risked in an accepted battle or hidden by reports. Matches update live when someone marks a POG or a POG changes hands; a POG that changes hands loses its Up for trade mark.",
    ),
  ],
};

/**
 * What came after the spec (docs/rules.md): counter-offers, leaderboards, POG pages, the
 * bell's 'Mark all read', the collection's sort and slots counter, and the Players link. PogBot's
 * guide only: the help dialog keeps the spec's four tabs.
 */
export const moreTopic = (limits: GuideLimits): GuideTopic => ({
  id: 'more',
  title: 'More to explore',
  sections: [
    {
      id: 'counter-offers',
      heading: 'Counter-offers',
      keywords: ['counter', 'countered', 'negotiate', 'negotiation', 'haggle', 'change', 'instead', 'chain', 'round'],
      blocks: [
        text(
          'When you receive a trade offer you can **Counter** it instead of accepting or rejecting: keep or change the POG you would get and the POG you would give (at least one must change; to take the offer as it is, accept it). Your counter replaces the offer, which ends as Countered, and reaches the sender at once. They can accept it, reject it or counter again.',
        ),
        text(
          'Every counter is checked like a new offer: both POGs must still be owned, off cooldown, with trades left in their supply and not rejected, and it counts as one of your offers for the day. The Trade Center shows which round a counter is and the earlier offers of the negotiation.',
        ),
      ],
    },
    {
      id: 'leaderboards',
      heading: 'Leaderboards',
      keywords: ['leaderboard', 'ladder', 'rank', 'ranking', 'top', 'best', 'lead', 'richest', 'standing', 'week', 'weekly', 'designer'],
      blocks: [
        text('The Leaderboard (in the menu) ranks everyone on five boards, each for all time and for this week:'),
        {
          kind: 'bullets',
          items: [
            'Collection value: the points of the POGs you hold now.',
            'Wins: battles won.',
            `Win rate: wins out of battles, once you have fought at least ${WIN_RATE_MIN_BATTLES} battles in the period.`,
            'Trades: trades completed (each side counts one).',
            'Designers: the points of the POGs you created, whoever holds them now.',
          ],
        },
        text(
          'The week is the UTC week, from Monday at midnight UTC; a weekly board counts only what changed in it. Equal figures are ranked by the older account first. Signed in, you see your own rank even when you are not on the page shown, and the boards update live as battles and trades complete. Banned accounts are left off.',
        ),
      ],
    },
    ARENA_SECTION,
    WATCH_SECTION,
    WISHLIST_SECTION,
    {
      id: 'pog-pages',
      heading: 'POG pages and history',
      keywords: ['page', 'history', 'provenance', 'owner', 'owned', 'held', 'previous', 'share', 'link', 'story', 'past'],
      blocks: [
        text(
          "Every POG has a page of its own that anyone can open and share, signed in or not: click a POG's name on any card. It shows the disc, rarity, points, creator, current holder, how many trades of its supply are used and its cooldown, and its history oldest first: when it was created, each trade (with whom and for which POG), each battle (the opponent, both rolls and the result, with a link to verify it) and the moderation its owner was told of. POGs made before pages existed say that their earlier history was not recorded.",
        ),
      ],
    },
    {
      id: 'notifications-read',
      heading: 'Notifications',
      keywords: ['notification', 'bell', 'unread', 'read', 'mark', 'clear', 'alert'],
      blocks: [
        text(
          "The bell lists your newest notifications, and opening it marks those as read. **Mark all read** in its header marks every unread one, older ones included; the count follows in all your open tabs.",
        ),
      ],
    },
    {
      id: 'collection-view',
      heading: 'Your collection',
      keywords: ['sort', 'order', 'arrange', 'counter', 'newest', 'name'],
      blocks: [
        text(
          `Your collection shows a slots counter: how many POGs you hold out of your collection limit (**${limits.collectionLimit}** for you). A battle won when you are full can take you past it. Sort the collection by Newest (the default), Rarity (rarest first, then most points), Points (most first) or Name.`,
        ),
        text("Pages of other collectors are reached from Players in the menu, or by clicking a name when you are signed in."),
      ],
    },
  ],
});
