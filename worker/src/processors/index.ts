/** Every job processor, wired to its dependencies. The same map runs in process or on BullMQ. */
import type { Clock } from '@pog/domain/clock';
import type { Config } from '@pog/domain/config';
import type { Db } from '@pog/domain/db';
import type { LiveChannel } from '@pog/domain/realtime';
import type { Logger } from '@pog/domain/logging';
import type { ProcessorMap } from '@pog/domain/jobs';
import { createAnthropicAssistant } from '../chat/assistant';
import { checkAchievementsProcessor } from './achievements';
import { resolveBattleProcessor, sweepBattlesProcessor } from './battles';
import { chatReplyProcessor } from './chat';
import { processImageProcessor, sweepUploadsProcessor } from './images';
import { sweepAuditProcessor } from './moderation';
import { scorePogProcessor } from './pogs';
import { expireTradesProcessor } from './trades';
import { purgeSessionsProcessor, welcomeProcessor } from './users';

export { BATTLE_SWEEP_MS } from './battles';
export { SESSION_PURGE_MS } from './users';
export { AUDIT_SWEEP_MS } from './moderation';

export interface ProcessorDeps {
  db: Db;
  /** PogBot's answer while it is written (the one live-only push). */
  live: LiveChannel;
  clock: Clock;
  /** Where uploaded images live (shared by gateways and workers). */
  uploadDir: string;
  /** How long a picture no POG has used is kept after its upload (UNUSED_UPLOAD_HOURS). */
  unusedUploadMs: number;
  /** How long the moderation audit log keeps a line (AUDIT_RETENTION_DAYS). */
  auditRetentionMs: number;
  /** PogBot's AI service; without an API key PogBot answers from the guide. */
  anthropic: Config['anthropic'];
  /** Where processors report what the operator should know (the AI service failing). */
  log?: Logger;
}

export function buildProcessors(deps: ProcessorDeps): ProcessorMap {
  const { apiKey, model, baseUrl } = deps.anthropic;
  const assistant = apiKey ? createAnthropicAssistant({ apiKey, model, baseUrl }, deps.log) : undefined;
  return {
    'user.welcome': welcomeProcessor(deps),
    'pog.score': scorePogProcessor(deps),
    'image.process': processImageProcessor(deps),
    'trades.expire': expireTradesProcessor(deps),
    'battle.resolve': resolveBattleProcessor(deps),
    'battles.sweep': sweepBattlesProcessor(deps),
    'achievements.check': checkAchievementsProcessor(deps),
    'sessions.purge': purgeSessionsProcessor(deps),
    'uploads.sweep': sweepUploadsProcessor(deps),
    'audit.sweep': sweepAuditProcessor(deps),
    'chat.reply': chatReplyProcessor({ ...deps, assistant }),
  };
}
