import styled from 'styled-components';

/** The content column every screen sits in. */
export const Page = styled.div`
  width: min(1200px, 100%);
  margin: 0 auto;
  padding: 2rem 1.25rem 4rem;
`;

export const PageHeader = styled.header`
  display: grid;
  gap: 0.35rem;
`;

export const PageTitle = styled.h1`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: clamp(2rem, 4vw, 2.75rem);
  letter-spacing: 0.04em;
  background: ${({ theme }) => theme.gradients.brand};
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
  width: fit-content;
`;

export const PageLead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1.05rem;
`;

/** A titled part of a screen below its header (a player's POGs, a POG's history). */
export const PageSection = styled.section`
  display: grid;
  gap: 1rem;
  margin-top: 2rem;
  h2 { font-size: 1.35rem; }
`;
