/** Building blocks shared by the admin tabs and dialogs. */
import styled from 'styled-components';

export { Textarea } from '../../../components/formControls';

export const CardGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(190px, 1fr));
  gap: 1rem;
  list-style: none;
  padding: 0;
  margin: 0;
`;

export const EmptyState = styled.p`
  padding: 2.5rem 1rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

/** A definition list of label/value pairs (Name, Rarity, Created by...). */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.4rem 1rem;
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 700; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.5rem;
  margin-top: 1.25rem;
`;

export const FieldStack = styled.div`
  display: grid;
  gap: 0.35rem;
  margin-top: 1rem;
  label { font-size: 0.875rem; font-weight: 700; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const Muted = styled.p`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
