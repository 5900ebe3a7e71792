import styled from 'styled-components';

export const Section = styled.section`
  display: grid;
  gap: 0.6rem;
  & + & { margin-top: 1.25rem; }
`;

export const Heading = styled.h3`
  font-size: 1.05rem;
  color: ${({ theme }) => theme.colors.gold};
`;

export const Text = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  strong { color: ${({ theme }) => theme.colors.text}; }
`;

export const Steps = styled.ol`
  margin: 0;
  padding-left: 1.4rem;
  display: grid;
  gap: 0.35rem;
  color: ${({ theme }) => theme.colors.textMuted};
  li::marker { color: ${({ theme }) => theme.colors.accent}; font-weight: 800; }
`;

export const Bullets = styled.ul`
  margin: 0;
  padding-left: 1.2rem;
  display: grid;
  gap: 0.3rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th, td { padding: 0.4rem 0.6rem; text-align: left; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th { color: ${({ theme }) => theme.colors.textSubtle}; font-weight: 700; }
  td:last-child, th:last-child { text-align: right; }
`;

export const RarityName = styled.span<{ $color: string }>`
  display: inline-flex;
  align-items: center;
  gap: 0.45rem;
  text-transform: capitalize;
  font-weight: 700;
  &::before { content: ''; width: 0.7rem; height: 0.7rem; border-radius: 50%; background: ${({ $color }) => $color}; box-shadow: 0 0 8px ${({ $color }) => $color}; }
`;
