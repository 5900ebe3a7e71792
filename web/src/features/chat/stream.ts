/**
 * The answer PogBot is writing right now: the question that was sent, the pieces of the answer that
 * arrived over the socket (`chat:delta`, placed by their index so that order never matters), and
 * the stored answer once the request returns it. Cleared once the refetched history holds it.
 */
import { create } from 'zustand';
import type { ChatDelta, ChatMessage } from '@pog/common';

export interface PendingChat {
  requestId: string;
  question: string;
  pieces: string[];
  /** The stored answer (from the POST): replaces the pieces and says which history row it is. */
  answer: ChatMessage | null;
}

interface ChatStreamState {
  pending: PendingChat | null;
  begin(requestId: string, question: string): void;
  receive(delta: ChatDelta): void;
  answered(requestId: string, answer: ChatMessage): void;
  end(requestId: string): void;
}

export const useChatStream = create<ChatStreamState>((set, get) => ({
  pending: null,
  begin: (requestId, question) => set({ pending: { requestId, question, pieces: [], answer: null } }),
  receive: (delta) => {
    const pending = get().pending;
    // Pieces of another tab's question (or of one already given up) are not shown here.
    if (!pending || pending.requestId !== delta.requestId || pending.answer) return;
    const pieces = [...pending.pieces];
    pieces[delta.index] = delta.text;
    set({ pending: { ...pending, pieces } });
  },
  answered: (requestId, answer) => {
    const pending = get().pending;
    if (pending?.requestId === requestId) set({ pending: { ...pending, answer } });
  },
  end: (requestId) => {
    if (get().pending?.requestId === requestId) set({ pending: null });
  },
}));

/** The answer as far as it is known: the stored one, else the pieces so far (gaps left out). */
export function pendingAnswerText(pending: PendingChat): string {
  return pending.answer?.content ?? pending.pieces.filter((piece) => piece !== undefined).join('');
}
