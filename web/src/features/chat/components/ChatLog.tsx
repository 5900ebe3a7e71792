import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@pog/common';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { CHAT_TEXT } from '../messages';
import { pendingAnswerText, type PendingChat } from '../stream';
import { Author, Bubble, Log, MessageItem, MessageList, Notice } from './styles';

function Message({ role, content, offline }: Pick<ChatMessage, 'role' | 'content' | 'offline'>) {
  const mine = role === 'user';
  return (
    <MessageItem $mine={mine}>
      <Author>
        {mine ? CHAT_TEXT.you : CHAT_TEXT.botName}
        {offline && <Badge $variant="secondary">{CHAT_TEXT.offlineBadge}</Badge>}
        <VisuallyHidden>:</VisuallyHidden>
      </Author>
      <Bubble $mine={mine}>{content}</Bubble>
    </MessageItem>
  );
}

interface ChatLogProps {
  messages: ChatMessage[] | undefined;
  /** The question being answered and the answer so far; null when none. */
  pending: PendingChat | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/** What the log shows: a spinner, a retry, an empty notice, or the messages and the answer streaming in. */
function ChatLogBody({ messages, pending, loading, failed, onRetry, streamed }: ChatLogProps & { streamed: string }) {
  if (messages === undefined && loading) {
    return (
      <Notice>
        <Spinner label={CHAT_TEXT.loading} />
      </Notice>
    );
  }
  if (messages === undefined && failed) {
    return (
      <Notice>
        {CHAT_TEXT.loadFailed}
        <Button $variant="secondary" $size="sm" onClick={onRetry}>
          {CHAT_TEXT.retry}
        </Button>
      </Notice>
    );
  }
  if (!messages?.length && !pending) return <Notice>{CHAT_TEXT.empty}</Notice>;
  return (
    <MessageList>
      {messages?.map((message) => <Message key={message.id} {...message} />)}
      {pending && (
        <>
          <Message role="user" content={pending.question} offline={false} />
          <Message role="assistant" content={streamed || CHAT_TEXT.typing} offline={pending.answer?.offline ?? false} />
        </>
      )}
    </MessageList>
  );
}

/**
 * The conversation (a 600 px log, newest at the bottom), then the question being answered with the
 * answer as it streams in. It scrolls to the bottom as messages and pieces arrive.
 */
export function ChatLog(props: ChatLogProps) {
  const { messages, pending } = props;
  const logRef = useRef<HTMLDivElement>(null);
  const streamed = pending ? pendingAnswerText(pending) : '';

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages?.length, pending?.question, streamed]);

  return (
    // A log is a live region: new messages are announced. While an answer streams in, it is busy,
    // so that it is read once complete rather than piece by piece.
    <Log ref={logRef} role="log" aria-label={CHAT_TEXT.logLabel} aria-busy={pending !== null && !pending.answer} tabIndex={0}>
      <ChatLogBody {...props} streamed={streamed} />
    </Log>
  );
}
