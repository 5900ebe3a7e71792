/**
 * Stored PogBot conversations. A question and its answer are written together, in one unit of
 * work with their `chat:reply` event, only once the answer is complete; both carry the send's request
 * id, so a repeated send finds the stored pair instead of storing (and paying for) a second answer.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { ChatMessage } from '@pog/common/chat/schemas';
import type { Db, Tx } from '../db/client';
import { chatMessages, type ChatMessageRow } from '../db/schema';
import { inUnitOfWork } from '../outbox/unit-of-work';
import type { ConversationId, UserId } from '@pog/common/schemas/ids';

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return { id: row.id, role: row.role, content: row.content, createdAt: row.createdAt.toISOString(), offline: row.offline };
}

/** The latest `limit` messages of a conversation, oldest first. */
export async function chatHistory(db: Db | Tx, userId: UserId, conversationId: ConversationId, limit: number): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.conversationId, conversationId)))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map(toChatMessage);
}

export interface ChatExchange {
  question: ChatMessage;
  answer: ChatMessage;
}

/** The stored question and answer of one send, if it was answered already. */
export async function findExchange(db: Db | Tx, userId: UserId, requestId: string): Promise<ChatExchange | undefined> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.requestId, requestId)));
  const question = rows.find((r) => r.role === 'user');
  const answer = rows.find((r) => r.role === 'assistant');
  return question && answer ? { question: toChatMessage(question), answer: toChatMessage(answer) } : undefined;
}

export interface NewExchange {
  userId: UserId;
  conversationId: ConversationId;
  requestId: string;
  question: string;
  answer: string;
  offline: boolean;
  askedAt: Date;
  answeredAt: Date;
}

/**
 * Stores a question and its answer in one transaction (the question first, so ids keep the order).
 * When the same send was stored meanwhile, nothing new is written and the stored pair is returned.
 */
export async function storeExchange(db: Db, input: NewExchange): Promise<ChatExchange> {
  return inUnitOfWork(db, input.answeredAt, async (uow) => {
    const { tx } = uow;
    const common = { userId: input.userId, conversationId: input.conversationId, requestId: input.requestId };
    const [question] = await tx
      .insert(chatMessages)
      .values({ ...common, role: 'user', content: input.question, createdAt: input.askedAt })
      .onConflictDoNothing()
      .returning();
    if (!question) {
      const stored = await findExchange(tx, input.userId, input.requestId);
      if (stored) return stored;
      throw new Error(`The question of chat request ${input.requestId} is stored without its answer`);
    }
    const [answer] = await tx
      .insert(chatMessages)
      .values({ ...common, role: 'assistant', content: input.answer, offline: input.offline, createdAt: input.answeredAt })
      .returning();
    const exchange = { question: toChatMessage(question), answer: toChatMessage(answer!) };
    uow.toUser(input.userId, 'chat:reply', { conversationId: input.conversationId, requestId: input.requestId, messages: [exchange.question, exchange.answer] });
    return exchange;
  });
}
