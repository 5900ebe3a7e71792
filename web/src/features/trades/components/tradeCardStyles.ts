/** The look shared by the pending and the finished trade cards. */
import styled from 'styled-components';

export const Card = styled.article`
  display: grid;
  gap: 1rem;
  padding: 1.1rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  scroll-margin: 5rem;
  /* The trade a link named (/trade?trade=id): lit while the address names it. */
  &[aria-current='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 3px rgba(139, 92, 246, 0.45);
  }
`;

export const Head = styled.header`
  display: flex;
  align-items: center;
  gap: 0.75rem;
`;

export const Who = styled.div`
  display: grid;
  gap: 0.1rem;
  flex: 1;
  min-width: 0;
  h2, h3, h4 { font-size: 1rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  p { font-size: 0.8rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const Meta = styled.div`
  display: grid;
  justify-items: end;
  gap: 0.25rem;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textSubtle};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.6rem;
`;

export const CardList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(320px, 1fr));
  gap: 1rem;
`;

export const EmptyNote = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.5rem;
  padding: 2.5rem 1.5rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  h2 { font-size: 1.2rem; color: ${({ theme }) => theme.colors.text}; }
`;
