/** The building blocks the Creator Studio's panels share. */
import styled from 'styled-components';

export { Label, Select } from '../../components/formControls';

export const Panel = styled.section`
  display: grid;
  gap: 1rem;
  align-content: start;
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

export const PanelTitle = styled.h2`
  font-size: 1.1rem;
  letter-spacing: 0.02em;
`;

export const PanelHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
`;

export const Group = styled.fieldset`
  display: grid;
  gap: 0.6rem;
  margin: 0;
  padding: 0;
  border: none;
  min-width: 0;
  legend { padding: 0; margin-bottom: 0.5rem; font-size: 0.875rem; font-weight: 700; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.6rem;
  align-items: center;
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

export const InlineError = styled.p`
  font-size: 0.85rem;
  color: #fca5a5;
`;
