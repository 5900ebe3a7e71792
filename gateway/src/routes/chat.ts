/**
 * PogBot (the product spec (screens and calls); decisions.md "PogBot"): the player's conversation and a new
 * question. The answer is written by the worker's `chat.reply` job, which streams it to the
 * player's sockets as `chat:delta` events while this request waits for the stored answer.
 */
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { assertKnownConversation, CHAT, chatApi } from '@pog/common';
import { chatHistory } from '@pog/domain/chat';
import { requireUser } from '../auth/current-user';
import { claimChatTurn, countChatMessage } from '../chat/limits';
import type { AppContext } from '../context';
import { handle } from '../http/route';

export function chatRoutes(app: AppContext): Router {
  const router = new Router({ prefix: '/api/chat' });

  /** The latest messages of the conversation, oldest first; only the player's own. */
  handle(router, chatApi.history, async ({ ctx, params }) => {
    const user = await requireUser(app, ctx);
    const { id } = params();
    assertKnownConversation(id);
    return await chatHistory(app.db, user.id, id, CHAT.historyLimit);
  });

  /** Asks PogBot; answers with PogBot's stored reply once it is complete. */
  handle(router, chatApi.send, async ({ ctx, params, body }) => {
    const user = await requireUser(app, ctx);
    const { id } = params();
    assertKnownConversation(id);
    const { message, requestId = randomUUID() } = body();
    await countChatMessage(app.rateLimits, user.id);
    const release = await claimChatTurn(app.rateLimits, user.id);
    try {
      // One try: a retry would ask the AI service again and stream a second answer over the first.
      const { message: reply } = await app.queue.run(
        'chat.reply',
        { userId: user.id, conversationId: id, requestId, message },
        { jobId: `${user.id}:${requestId}`, attempts: 1, timeoutMs: CHAT.replyTimeoutMs },
      );
      return reply;
    } finally {
      await release();
    }
  });

  return router;
}
