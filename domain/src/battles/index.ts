/** The battles part of the domain: what the gateway, the worker and the composition root may use. */
export { BATTLE_LIST_LIMIT, closedBattlesOf, findBattleRow, holdsRiskablePog, lockBattleRow, openBattlesOf, openBattlesRisking, riskable, toBattle, toBattles, } from './repository';
export { acceptBattle, cancelBattle, createBattle, declineBattle, MISSING_BATTLE, wrongState } from './commands';
export { completeBattles, type Completion, COMPLETION_GROUP_LIMIT, type CompletionHooks, type CompletionRequest, type CompletionResult, } from './resolve';
export { cancelBattlesFor, detachBattlesFrom, pogsInAcceptedBattles } from './cancel';
export { SWEEP_BATCH, sweepBattles, type SweepResult } from './expiry';
export { battlePolicy, mayAcceptBattle, mayCancelBattle, mayChallenge, mayChallengeAs, mayCompleteBattle, mayDeclineBattle, mayListOpenBattlesOf, mayRiskPog, mayViewBattle, seesWholeBattleHistoryOf } from './policy';
