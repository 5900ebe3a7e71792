/** POST /api/chat/1 (product spec: calls): answers with PogBot's stored reply once it is complete. */
import { apiPaths, CHAT, type SendChatRequest } from '@pog/common';
import { api } from '../../api/client';

export const sendChatMessage = (request: SendChatRequest) => api(apiPaths.chat.send, { params: { id: CHAT.conversationId }, body: request });

/** Names one send, so that the live pieces of its answer can be told from any other (16 random bytes). */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
