import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT } from '@pog/common';
import { Button } from '../../../components/Button';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { CHAT_TEXT } from '../messages';
import { Composer, Hint, MessageInput } from './styles';

interface ChatComposerProps {
  busy: boolean;
  /** Sends the text; calls `onFailed` when it could not be sent (the text comes back to the box). */
  onSend: (message: string, onFailed: () => void) => void;
}

/** The message box (product spec: validation): blank messages are not sent; Enter sends, Shift+Enter adds a line. */
export function ChatComposer({ busy, onSend }: ChatComposerProps) {
  const inputId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState('');
  const canSend = !busy && draft.trim() !== '';

  const send = () => {
    if (!canSend) return;
    const message = draft;
    setDraft('');
    onSend(message, () => setDraft((current) => current || message));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing: its Enter picks a word.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <Composer onSubmit={onSubmit}>
      <VisuallyHidden as="label" htmlFor={inputId}>
        {CHAT_TEXT.inputLabel}
      </VisuallyHidden>
      <MessageInput
        id={inputId}
        rows={2}
        value={draft}
        maxLength={CHAT.messageMaxLength}
        placeholder={CHAT_TEXT.placeholder}
        aria-describedby={hintId}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button type="submit" disabled={!canSend}>
        {CHAT_TEXT.send}
      </Button>
      <Hint id={hintId}>{CHAT_TEXT.inputHint}</Hint>
    </Composer>
  );
}
