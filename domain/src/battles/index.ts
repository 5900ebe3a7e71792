/** The battles part of the domain: what the gateway, the worker and the composition root may use. */
export { BATTLE_LIST_LIMIT, closedBattlesOf, findBattleRow, lockBattleRow, openBattlesOf, openBattlesRisking, riskable, toBattle, toBattleReveal, toBattles, } from './repository';
export { acceptBattle, type AcceptOptions, cancelBattle, createBattle, declineBattle, MISSING_BATTLE, wrongState } from './commands';
export { completeBattles, type Completion, COMPLETION_GROUP_LIMIT, type CompletionHooks, type CompletionRequest, type CompletionResult, rollInput } from './resolve';
export { cancelBattlesFor, detachBattlesFrom, pogsInAcceptedBattles } from './cancel';
export { SWEEP_BATCH, sweepBattles, type SweepResult } from './expiry';
export { battlePolicy, mayAcceptBattle, mayCancelBattle, mayChallenge, mayChallengeAs, mayCompleteBattle, mayDeclineBattle, mayListOpenBattlesOf, mayRiskPog, mayViewBattle, seesWholeBattleHistoryOf } from './policy';
