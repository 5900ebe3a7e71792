import { useEffect, useRef } from 'react';
import { CHAT_GREETING, type ChatMessage } from '@pog/common';
import { CHAT_TEXT } from '../messages';
import { useChatStream } from '../stream';
import { ChatComposer } from './ChatComposer';
import { ChatLog } from './ChatLog';
import { BotDisc, Panel, PanelHeader } from './styles';

interface ChatPanelProps {
  messages: ChatMessage[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  busy: boolean;
  send: (message: string, onFailed?: () => void) => void;
}

/**
 * PogBot's chat panel: the conversation and the message box. A new conversation starts itself
 * with a greeting asking how the game works (the product spec (states), "Chat"), once per visit.
 */
export function ChatPanel({ messages, loading, failed, onRetry, busy, send }: ChatPanelProps) {
  const pending = useChatStream((state) => state.pending);
  const greeted = useRef(false);

  useEffect(() => {
    if (greeted.current || messages === undefined || messages.length > 0 || busy || pending) return;
    greeted.current = true;
    send(CHAT_GREETING);
  }, [messages, busy, pending, send]);

  // The streamed bubble gives way once the refetched history holds the stored answer.
  const stored = pending?.answer ? messages?.some((m) => m.id === pending.answer!.id) : false;
  useEffect(() => {
    if (stored && pending) useChatStream.getState().end(pending.requestId);
  }, [stored, pending]);

  return (
    <Panel aria-labelledby="pogbot-chat-title">
      <PanelHeader>
        <BotDisc aria-hidden="true" />
        <div>
          <h2 id="pogbot-chat-title">{CHAT_TEXT.botName}</h2>
          <p>{CHAT_TEXT.botTagline}</p>
        </div>
      </PanelHeader>
      <ChatLog messages={messages} pending={stored ? null : pending} loading={loading} failed={failed} onRetry={onRetry} />
      <ChatComposer busy={busy} onSend={send} />
    </Panel>
  );
}
