/**
 * Who may do what with battles (docs/rules.md, Battles). The challenger challenges and cancels; the
 * challenged player accepts and declines; either of the two completes; only POGs one holds are
 * risked; a banned player cannot be challenged. Anyone, signed in or not, may watch any battle on
 * its public page (its snapshot never carries the server seed before completion). The players' own
 * reads of an open or called-off battle stay theirs; a completed one is public record, and so is a
 * player's list of completed battles.
 * Whether a POG is free to be risked (cooldowns, supply, other battles) is checked by the commands.
 */
import { ForbiddenError, NotFoundError } from '@pog/common/errors';
import type { UserId } from '@pog/common/schemas/ids';
import { policy, rule, type Actor } from '../authorize';
import type { BattleRow, PogRow } from '../db/schema';
import { mayActAs, notYourself } from '../users/policy';

export const MISSING_BATTLE = 'That battle does not exist.';

type Players = Pick<BattleRow, 'challengerId' | 'defenderId'>;
/** A player about to be challenged, as read under lock. */
type Defender = { username: string; isBanned: boolean };

const isPlayerOf = (actor: Actor, battle: Players) => battle.challengerId === actor.id || battle.defenderId === actor.id;

export const mayChallengeAs = (actor: Actor, challengerId: UserId): boolean => mayActAs(actor, { id: challengerId });
export const mayChallenge = (_: Actor, defender: Defender): boolean => !defender.isBanned;
export const mayRiskPog = (actor: Actor, pog: Pick<PogRow, 'userId'>): boolean => pog.userId === actor.id;
export const mayAcceptBattle = (actor: Actor, battle: Players): boolean => battle.defenderId === actor.id;
export const mayDeclineBattle = (actor: Actor, battle: Players): boolean => battle.defenderId === actor.id;
export const mayCancelBattle = (actor: Actor, battle: Players): boolean => battle.challengerId === actor.id;
export const mayCompleteBattle = (actor: Actor, battle: Players): boolean => isPlayerOf(actor, battle);
/** A completed battle is public record, for visitors (no actor) too; an open or called-off one is its players' alone. */
export const mayViewBattle = (actor: Actor | undefined, battle: Players & Pick<BattleRow, 'status'>): boolean =>
  battle.status === 'completed' || (actor !== undefined && isPlayerOf(actor, battle));
/** Every battle has a public page: anyone may watch it, while it is open and once it is settled. */
export const mayWatchBattle = (_actor: Actor | undefined, _battle: Players): boolean => true;
export const mayListOpenBattlesOf = (actor: Actor, userId: UserId): boolean => mayActAs(actor, { id: userId });
/** Everything of a player's battle history, or only the completed ones (their public record). */
export const seesWholeBattleHistoryOf = (actor: Actor, userId: UserId): boolean => actor.id === userId;

export const battlePolicy = policy({
  challengeAs: rule(mayChallengeAs, () => notYourself('challenger')),
  challenge: rule(mayChallenge, (_, defender) => new ForbiddenError(`${defender.username} is banned and cannot be challenged.`)),
  riskPog: rule(mayRiskPog, () => new ForbiddenError('You can only risk a POG you own.')),
  accept: rule(mayAcceptBattle, () => new ForbiddenError('Only the challenged player can accept this battle.')),
  decline: rule(mayDeclineBattle, () => new ForbiddenError('Only the challenged player can decline this battle.')),
  cancel: rule(mayCancelBattle, () => new ForbiddenError('Only the challenger can cancel this battle.')),
  complete: rule(mayCompleteBattle, () => new ForbiddenError('Only the two players can complete this battle.')),
  watch: rule(mayWatchBattle, () => new NotFoundError(MISSING_BATTLE)),
  view: rule(mayViewBattle, () => new NotFoundError(MISSING_BATTLE)),
  listOpen: rule(mayListOpenBattlesOf, () => notYourself()),
});
