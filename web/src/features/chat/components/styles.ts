/** The chat page's building blocks. */
import styled from 'styled-components';
import { Textarea } from '../../../components/formControls';

/** The spec on screens: the chat history panel is 600px high. */
export const CHAT_HISTORY_HEIGHT_PX = 600;

export const Panel = styled.section`
  display: grid;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  overflow: hidden;
`;

export const PanelHeader = styled.header`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.9rem 1.1rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 { font-size: 1.1rem; }
  p { font-size: 0.85rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const BotDisc = styled.span`
  flex: none;
  width: 2.4rem;
  height: 2.4rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.gradients.brand};
  box-shadow: inset 0 0 0 4px rgba(255, 255, 255, 0.2), ${({ theme }) => theme.shadows.glow};
`;

export const Log = styled.div`
  height: ${CHAT_HISTORY_HEIGHT_PX}px;
  overflow-y: auto;
  padding: 1rem 1.1rem;
  background: ${({ theme }) => theme.colors.backgroundAlt};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: -2px; }
`;

export const MessageList = styled.ol`
  display: grid;
  gap: 0.85rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const MessageItem = styled.li<{ $mine: boolean }>`
  display: grid;
  gap: 0.25rem;
  justify-items: ${({ $mine }) => ($mine ? 'end' : 'start')};
`;

export const Author = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  font-size: 0.75rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textSubtle};
`;

export const Bubble = styled.div<{ $mine: boolean }>`
  max-width: min(85%, 40rem);
  padding: 0.65rem 0.9rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border-${({ $mine }) => ($mine ? 'bottom-right' : 'bottom-left')}-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme, $mine }) => ($mine ? theme.gradients.brandFill : theme.colors.surfaceRaised)};
  color: ${({ theme }) => theme.colors.text};
  /* Answers are plain text: keep their paragraphs and lists as written. */
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: 1.5;
`;

export const Notice = styled.p`
  display: grid;
  place-items: center;
  gap: 0.75rem;
  height: 100%;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Composer = styled.form`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: end;
  gap: 0.6rem;
  padding: 0.9rem 1.1rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

export const MessageInput = styled(Textarea)`
  min-height: 2.75rem;
  max-height: 10rem;
`;

export const Hint = styled.p`
  grid-column: 1 / -1;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.colors.textSubtle};
`;
