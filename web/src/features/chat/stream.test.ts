import { beforeEach, describe, expect, it } from 'vitest';
import { CHAT, type ChatMessage } from '@pog/common';
import { pendingAnswerText, useChatStream } from './stream';

const delta = (requestId: string, index: number, text: string) => ({ conversationId: CHAT.conversationId, requestId, index, text });
const answer: ChatMessage = { id: 9, role: 'assistant', content: 'Whole answer.', createdAt: '2030-01-01T00:00:00.000Z', offline: false };
const current = () => useChatStream.getState().pending;

describe('the chat stream', () => {
  beforeEach(() => useChatStream.setState({ pending: null }));

  it('puts the pieces of the answer in order, whatever order they arrive in', () => {
    const stream = useChatStream.getState();
    stream.begin('req-1', 'How?');
    stream.receive(delta('req-1', 1, 'world'));
    expect(pendingAnswerText(current()!)).toBe('world');
    stream.receive(delta('req-1', 0, 'Hello '));
    expect(pendingAnswerText(current()!)).toBe('Hello world');
    expect(current()!.question).toBe('How?');
  });

  it("ignores another request's pieces and anything without a question being answered", () => {
    const stream = useChatStream.getState();
    stream.receive(delta('req-1', 0, 'stray'));
    expect(current()).toBeNull();
    stream.begin('req-2', 'Mine');
    stream.receive(delta('req-other', 0, 'theirs'));
    expect(pendingAnswerText(current()!)).toBe('');
  });

  it('shows the stored answer once it is known, and ends only its own request', () => {
    const stream = useChatStream.getState();
    stream.begin('req-3', 'Q');
    stream.receive(delta('req-3', 0, 'Whole'));
    stream.answered('req-3', answer);
    stream.receive(delta('req-3', 1, ' late piece'));
    expect(pendingAnswerText(current()!)).toBe('Whole answer.');
    stream.end('req-other');
    expect(current()).not.toBeNull();
    stream.end('req-3');
    expect(current()).toBeNull();
  });
});
