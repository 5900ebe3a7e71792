import styled from 'styled-components';
import { BRAND } from '@pog/common';
import { PaletteIcon, GemIcon, SwordsIcon } from '../../components/icons';

const Panel = styled.section`
  position: relative;
  display: grid;
  align-content: center;
  gap: 1.75rem;
  padding: 2.5rem;
  border-radius: ${({ theme }) => theme.radii.xl};
  background: linear-gradient(160deg, rgba(99, 102, 241, 0.35), rgba(236, 72, 153, 0.25)), ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
  /* Text paints above the decorative discs. */
  & > :not([aria-hidden]) { position: relative; }
`;

const Discs = styled.div`
  position: absolute;
  right: -4rem;
  bottom: -4rem;
  width: 11rem;
  height: 11rem;
  opacity: 0.85;
  pointer-events: none;
  span {
    position: absolute;
    border-radius: 50%;
    box-shadow: inset 0 0 0 5px rgba(255, 255, 255, 0.25), 0 10px 25px rgba(0, 0, 0, 0.35);
  }
  span:nth-child(1) { inset: 0; background: linear-gradient(135deg, #f59e0b, #ec4899); }
  span:nth-child(2) { width: 4rem; height: 4rem; left: -4.5rem; top: 3.75rem; background: linear-gradient(135deg, #22c55e, #3b82f6); }
`;

const Heading = styled.h2`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: clamp(2rem, 3.5vw, 2.75rem);
  letter-spacing: 0.04em;
  max-width: 16ch;
`;

const Lead = styled.p`
  margin-top: 0.75rem;
  color: ${({ theme }) => theme.colors.textMuted};
  max-width: 40ch;
`;

const Features = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 1rem;
`;

const Feature = styled.li`
  display: flex;
  gap: 0.9rem;
  align-items: flex-start;
  h3 { font-size: 1rem; }
  p { font-size: 0.9rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const IconDisc = styled.span`
  display: grid;
  place-items: center;
  flex: none;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.gold};
  svg { width: 1.35rem; height: 1.35rem; }
`;

/** The feature promo beside the auth tabs. */
export function AuthPromo() {
  return (
    <Panel aria-labelledby="auth-promo-heading">
      <Discs aria-hidden="true">
        <span />
        <span />
      </Discs>
      <div>
        <Heading id="auth-promo-heading">Join the {BRAND}</Heading>
        <Lead>Sign in to start designing, collecting and battling with your own POGs.</Lead>
      </div>
      <Features>
        <Feature>
          <IconDisc>
            <PaletteIcon />
          </IconDisc>
          <div>
            <h3>Create custom pogs</h3>
            <p>Mix backgrounds, images and effects into a disc that is yours alone.</p>
          </div>
        </Feature>
        <Feature>
          <IconDisc>
            <GemIcon />
          </IconDisc>
          <div>
            <h3>Collect every rarity</h3>
            <p>From common to legendary: collect pogs of different rarities.</p>
          </div>
        </Feature>
        <Feature>
          <IconDisc>
            <SwordsIcon />
          </IconDisc>
          <div>
            <h3>Battle or trade</h3>
            <p>Challenge other players to a roll, or trade to complete your collection.</p>
          </div>
        </Feature>
      </Features>
    </Panel>
  );
}
