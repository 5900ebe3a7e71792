import styled from 'styled-components';

/** The raised card a sign-in form sits in (the player Auth screen and the admin login). */
export const SignInCard = styled.section`
  display: grid;
  align-content: start;
  gap: 1.25rem;
  padding: 2rem;
  border-radius: ${({ theme }) => theme.radii.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

/** Its heading, in the display font. */
export const SignInTitle = styled.h1`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 2.25rem;
  letter-spacing: 0.04em;
`;
