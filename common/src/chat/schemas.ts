/** The PogBot contract (product spec: entities and calls): chat messages, the send request, the live events. */
import { z } from 'zod';
import { CHAT } from '../constants';
import { NotFoundError } from '../errors';
import { conversationIdField, idTextSchema, type ConversationId } from '../schemas/ids';

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** A stored message, oldest first in a history. `offline`: answered from the guide, without the AI service. */
export const chatMessageSchema = z.object({
  id: z.number().int().positive(),
  role: z.enum(CHAT_ROLES),
  content: z.string(),
  createdAt: z.string(),
  offline: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Names one send, so that live pieces of the answer can be matched to it and a repeat is answered once. */
export const chatRequestIdSchema = z
  .string({ error: 'requestId must be a string' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId must be 8 to 64 letters, digits, "-" or "_"');

/** POST /api/chat/:id */
export const sendChatRequestSchema = z.object({
  message: z
    .string({ error: 'message must be text' })
    .trim()
    .min(1, 'Type a message for PogBot first.')
    .max(CHAT.messageMaxLength, `Your message is too long (at most ${CHAT.messageMaxLength} characters).`)
    // Tabs and line breaks are fine; other control characters (NUL cannot even be stored) are not.
    // oxlint-disable-next-line no-control-regex -- matching control characters is this pattern's job
    .regex(/^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/, 'Your message contains control characters. Please type plain text.'),
  requestId: chatRequestIdSchema.optional(),
});
export type SendChatRequest = z.infer<typeof sendChatRequestSchema>;

/** The `:id` of the chat calls: a positive whole number, a conversation id; only CHAT.conversationId exists. */
export const chatConversationParamSchema = z.object({ id: idTextSchema('The conversation id').brand<'ConversationId'>() });

/** Every player has exactly one conversation with PogBot; any other id does not exist. */
export function assertKnownConversation(id: ConversationId): void {
  if (id !== CHAT.conversationId) {
    throw new NotFoundError(`There is no conversation ${id}. Your conversation with PogBot is number ${CHAT.conversationId}.`);
  }
}

/** `chat:delta`: the next piece of an answer while PogBot writes it (`index` counts from 0). */
export interface ChatDelta {
  conversationId: ConversationId;
  requestId: string;
  index: number;
  text: string;
}

/** `chat:reply`: the question and its answer as stored, once the answer is complete. */
export const chatReplyEventSchema = z.object({ conversationId: conversationIdField(), requestId: z.string(), messages: z.array(chatMessageSchema) });
export type ChatReplyEvent = z.infer<typeof chatReplyEventSchema>;

/** The first sentence of every answer PogBot gives without the AI service. */
export const OFFLINE_NOTICE = 'PogBot is in offline mode right now, so this answer comes straight from the game guide.';
