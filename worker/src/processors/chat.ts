/**
 * PogBot's job: answer one question. The answer goes to the player's sockets piece by piece
 * (`chat:delta`) while it is written; only once it is complete are the question and the answer
 * stored, together, and `chat:reply` published. A failed answer stores nothing. A send that was
 * answered already (same requestId: a double click, a retry) gets the stored answer back without
 * asking the AI service again.
 */
import { AppError, CHAT, offlineAnswer } from '@pog/common';
import { buildChatPrompt, findExchange, storeExchange } from '@pog/domain/chat';
import { userStats } from '@pog/domain/users';
import { type Clock } from '@pog/domain/clock';
import { type Db } from '@pog/domain/db';
import { type LiveChannel } from '@pog/domain/realtime';
import { type Processor } from '@pog/domain/jobs';
import type { ChatAssistant } from '../chat/assistant';

export interface ChatDeps {
  db: Db;
  live: LiveChannel;
  clock: Clock;
  /** Absent: no ANTHROPIC_API_KEY, so PogBot answers from the guide (offline mode). */
  assistant: ChatAssistant | undefined;
}

export function chatReplyProcessor(deps: ChatDeps): Processor<'chat.reply'> {
  return async ({ userId, conversationId, requestId, message }) => {
    const stored = await findExchange(deps.db, userId, requestId);
    if (stored) return { message: stored.answer };

    const askedAt = deps.clock.now();
    let index = 0;
    const onText = (text: string) => {
      if (text) deps.live.chatDelta(userId, { conversationId, requestId, index: index++, text });
    };
    const offline = deps.assistant === undefined;
    let answer: string;
    if (deps.assistant) {
      answer = await deps.assistant.answer(await buildChatPrompt(deps.db, userId, conversationId, message, askedAt), onText);
    } else {
      // The guide quotes the player's own limits (achievement rewards included).
      answer = offlineAnswer(message, await userStats(deps.db, userId, askedAt));
      onText(answer);
    }
    // NUL cannot be stored in PostgreSQL text; nothing else in an answer needs cleaning.
    answer = answer.replaceAll('\u0000', '').trim().slice(0, CHAT.replyMaxLength);
    if (!answer) throw new AppError('SERVER_ERROR', 'PogBot had no answer this time. Please try asking again.', { status: 502 });

    // Stored with its `chat:reply` event in one unit of work.
    const exchange = await storeExchange(deps.db, {
      userId,
      conversationId,
      requestId,
      question: message,
      answer,
      offline,
      askedAt,
      answeredAt: deps.clock.now(),
    });
    return { message: exchange.answer };
  };
}
