/** The chat's query key: as everywhere in the app, its first element is the URL the default query function GETs. */
import { CHAT } from '@pog/common';

export const CHAT_PATH = `/api/chat/${CHAT.conversationId}`;
export const chatHistoryKey = [`${CHAT_PATH}/history`] as const;
