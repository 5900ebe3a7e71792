/** Bare form controls styled like Field's input: a label that wraps its control, a select and a textarea. */
import styled, { css } from 'styled-components';

export const Label = styled.label`
  display: grid;
  gap: 0.35rem;
  font-size: 0.875rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const control = css`
  width: 100%;
  padding: 0.6rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.backgroundAlt};
  color: ${({ theme }) => theme.colors.text};
  &:focus { outline: none; border-color: ${({ theme }) => theme.colors.primary}; box-shadow: 0 0 0 3px rgba(139, 92, 246, 0.35); }
`;

export const Select = styled.select`
  ${control}
`;

/** A text or search input without a label of its own (name it with aria-label). */
export const Input = styled.input`
  ${control}
  &::placeholder { color: ${({ theme }) => theme.colors.textSubtle}; }
`;

export const Textarea = styled.textarea`
  ${control}
  resize: vertical;
  &::placeholder { color: ${({ theme }) => theme.colors.textSubtle}; }
`;
