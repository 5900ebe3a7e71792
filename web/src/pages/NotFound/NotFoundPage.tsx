import styled from 'styled-components';
import { ButtonLink } from '../../components/Button';
import { usePageTitle } from '../../hooks/usePageTitle';

const Wrapper = styled.div`
  flex: 1;
  display: grid;
  place-items: center;
  padding: 3rem 1.25rem;
`;

const Card = styled.div`
  display: grid;
  justify-items: center;
  gap: 1rem;
  max-width: 480px;
  padding: 2.5rem 2rem;
  text-align: center;
  border-radius: ${({ theme }) => theme.radii.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Disc = styled.div`
  display: grid;
  place-items: center;
  width: 6rem;
  height: 6rem;
  border-radius: 50%;
  background: linear-gradient(135deg, #374151, #6b7280);
  box-shadow: inset 0 0 0 6px rgba(255, 255, 255, 0.15);
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 2rem;
  color: #fff;
  transform: rotate(-12deg);
`;

const Heading = styled.h1`
  font-size: 1.6rem;
`;

const Text = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Any path the router does not know (product spec: screens). */
export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <Wrapper>
      <Card>
        <Disc aria-hidden="true">?</Disc>
        <Heading>404 Page Not Found</Heading>
        <Text>Did you forget to add the page to the router?</Text>
        <ButtonLink to="/" $variant="secondary">
          Back to home
        </ButtonLink>
      </Card>
    </Wrapper>
  );
}
