import styled from 'styled-components';
import { CHAT_EXAMPLE_QUESTIONS } from '@pog/common';
import { CHAT_TEXT } from '../messages';

const List = styled.ul`
  display: grid;
  gap: 0.5rem;
  margin: 0.75rem 0 0;
  padding: 0;
  list-style: none;
`;

const Question = styled.button`
  width: 100%;
  padding: 0.65rem 0.85rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  cursor: pointer;
  transition: background 120ms ease, border-color 120ms ease;
  &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surfaceHover}; border-color: ${({ theme }) => theme.colors.borderStrong}; }
  &:disabled { opacity: 0.55; cursor: not-allowed; }
`;

const Lead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The seven example questions (product spec: screens); choosing one asks it. */
export function ExampleQuestions({ busy, onAsk }: { busy: boolean; onAsk: (question: string) => void }) {
  return (
    <>
      <Lead>{CHAT_TEXT.examplesLead}</Lead>
      <List>
        {CHAT_EXAMPLE_QUESTIONS.map((question) => (
          <li key={question}>
            <Question type="button" disabled={busy} onClick={() => onAsk(question)}>
              {question}
            </Question>
          </li>
        ))}
      </List>
    </>
  );
}
