import styled, { useTheme } from 'styled-components';
import { BRAND, LIMITS, RARITIES, BATTLE_ROLL } from '@pog/common';
import { media } from '../../app/theme';
import { ButtonLink } from '../../components/Button';
import { GemIcon, PaletteIcon, RepeatIcon, SwordsIcon } from '../../components/icons';
import { usePageTitle } from '../../hooks/usePageTitle';
import { HeroDiscs } from './HeroDiscs';

const Wrapper = styled.div`
  width: min(1200px, 100%);
  margin: 0 auto;
  padding: 0 1.25rem 4rem;
`;

const Hero = styled.section`
  display: grid;
  grid-template-columns: 1.1fr 0.9fr;
  gap: 2rem;
  align-items: center;
  padding: 4rem 0 3rem;
  ${media.belowMd} { grid-template-columns: 1fr; padding-top: 2.5rem; }
`;

const Kicker = styled.p`
  display: inline-block;
  padding: 0.25rem 0.8rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: rgba(253, 224, 71, 0.12);
  color: ${({ theme }) => theme.colors.gold};
  font-weight: 700;
  font-size: 0.85rem;
  letter-spacing: 0.06em;
  text-transform: uppercase;
`;

const Headline = styled.h1`
  margin-top: 1rem;
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: clamp(2.75rem, 7vw, 4.75rem);
  letter-spacing: 0.03em;
  line-height: 1.02;
  em {
    font-style: normal;
    background: ${({ theme }) => theme.gradients.brand};
    -webkit-background-clip: text;
    background-clip: text;
    color: transparent;
  }
`;

const Lead = styled.p`
  margin-top: 1.25rem;
  max-width: 46ch;
  font-size: 1.15rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Ctas = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 2rem;
`;

const SectionTitle = styled.h2`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: clamp(1.9rem, 4vw, 2.5rem);
  letter-spacing: 0.04em;
  text-align: center;
`;

const SectionLead = styled.p`
  margin: 0.5rem auto 2rem;
  max-width: 56ch;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Section = styled.section`
  padding: 3rem 0;
`;

const FeatureGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: 1rem;
  ${media.belowMd} { grid-template-columns: repeat(2, 1fr); }
  ${media.belowSm} { grid-template-columns: 1fr; }
`;

const FeatureCard = styled.li`
  display: grid;
  gap: 0.6rem;
  align-content: start;
  padding: 1.5rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  transition: transform 160ms ease, border-color 160ms ease;
  &:hover { transform: translateY(-3px); border-color: ${({ theme }) => theme.colors.borderStrong}; }
  h3 { font-size: 1.1rem; }
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.95rem; }
`;

const FeatureIcon = styled.span`
  display: grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.gradients.brand};
  color: #fff;
  svg { width: 1.4rem; height: 1.4rem; }
`;

const Ladder = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 1.25rem;
`;

const Rung = styled.li<{ $color: string; $step: number }>`
  display: grid;
  justify-items: center;
  gap: 0.6rem;
  span:first-child {
    width: ${({ $step }) => 4 + $step * 0.6}rem;
    aspect-ratio: 1;
    border-radius: 50%;
    background: radial-gradient(circle at 30% 25%, rgba(255, 255, 255, 0.4), transparent 50%), ${({ $color }) => $color};
    box-shadow: 0 0 ${({ $step }) => 8 + $step * 8}px ${({ $color }) => $color}, inset 0 0 0 5px rgba(255, 255, 255, 0.2);
  }
  span:last-child { font-weight: 800; text-transform: capitalize; color: ${({ $color }) => $color}; }
`;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  counter-reset: step;
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 1rem;
  ${media.belowMd} { grid-template-columns: 1fr; }
  li {
    counter-increment: step;
    position: relative;
    padding: 1.5rem 1.5rem 1.5rem 4.25rem;
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.backgroundAlt};
    border: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  li::before {
    content: counter(step);
    position: absolute;
    left: 1.25rem;
    top: 1.25rem;
    display: grid;
    place-items: center;
    width: 2.25rem;
    height: 2.25rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.gradients.gold};
    color: #221400;
    font-weight: 900;
  }
  strong { display: block; color: ${({ theme }) => theme.colors.text}; margin-bottom: 0.2rem; }
`;

const Band = styled.section`
  display: grid;
  justify-items: center;
  gap: 1rem;
  margin-top: 2rem;
  padding: 3rem 1.5rem;
  border-radius: ${({ theme }) => theme.radii.xl};
  background: linear-gradient(135deg, rgba(99, 102, 241, 0.45), rgba(236, 72, 153, 0.35)), ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  text-align: center;
`;

/** The opening pitch, its calls to action and the discs beside them. */
function HeroSection() {
  return (
    <Hero aria-labelledby="landing-title">
      <div>
        <Kicker>Collect · Trade · Battle</Kicker>
        <Headline id="landing-title">
          Design the discs. <em>Rule the {BRAND}.</em>
        </Headline>
        <Lead>
          Create one-of-a-kind POGs from colours, images and text, watch the server reveal their rarity, then trade them
          with friends or risk them in a roll-off battle.
        </Lead>
        <Ctas>
          <ButtonLink to="/auth" $size="lg">
            Start playing
          </ButtonLink>
          <ButtonLink to="/explore" $size="lg" $variant="outline">
            Explore Pogs
          </ButtonLink>
        </Ctas>
      </div>
      <HeroDiscs />
    </Hero>
  );
}

/** Create, collect, trade and battle, one card each. */
function FeaturesSection() {
  return (
    <Section aria-labelledby="features-title">
      <SectionTitle id="features-title">Everything a collector needs</SectionTitle>
      <SectionLead>Your collection holds up to {LIMITS.collectionLimit} POGs to start, and achievements raise the limit.</SectionLead>
      <FeatureGrid>
        <FeatureCard>
          <FeatureIcon aria-hidden="true">
            <PaletteIcon />
          </FeatureIcon>
          <h3>Create</h3>
          <p>Pick two background colours, upload and crop an image, add text in your favourite font.</p>
        </FeatureCard>
        <FeatureCard>
          <FeatureIcon aria-hidden="true">
            <GemIcon />
          </FeatureIcon>
          <h3>Collect</h3>
          <p>Rarity is scored from colour harmony, uniqueness and complexity. Chase the legendaries.</p>
        </FeatureCard>
        <FeatureCard>
          <FeatureIcon aria-hidden="true">
            <RepeatIcon />
          </FeatureIcon>
          <h3>Trade</h3>
          <p>Offer one of yours for one of theirs. Trades need both players to agree.</p>
        </FeatureCard>
        <FeatureCard>
          <FeatureIcon aria-hidden="true">
            <SwordsIcon />
          </FeatureIcon>
          <h3>Battle</h3>
          <p>
            Both players roll {BATTLE_ROLL.min} to {BATTLE_ROLL.max}. The higher roll wins both POGs.
          </p>
        </FeatureCard>
      </FeatureGrid>
    </Section>
  );
}

/** The five rarities, from common to legendary, in their colours. */
function RaritySection() {
  const theme = useTheme();
  return (
    <Section aria-labelledby="rarity-title">
      <SectionTitle id="rarity-title">Five rarities to chase</SectionTitle>
      <SectionLead>Rarer POGs trade fewer times and roll with a bonus in battle.</SectionLead>
      <Ladder>
        {RARITIES.map((rarity, index) => (
          <Rung key={rarity} $color={theme.colors.rarity[rarity]} $step={index}>
            <span aria-hidden="true" />
            <span>{rarity}</span>
          </Rung>
        ))}
      </Ladder>
    </Section>
  );
}

/** The three steps from sign-up to trading and battling. */
function HowItWorksSection() {
  return (
    <Section aria-labelledby="how-title">
      <SectionTitle id="how-title">How it works</SectionTitle>
      <SectionLead>Three steps from blank disc to champion.</SectionLead>
      <Steps>
        <li>
          <strong>Sign up</strong>A username and a password is all it takes.
        </li>
        <li>
          <strong>Design your first POG</strong>The Creator Studio previews it in 3D as you go.
        </li>
        <li>
          <strong>Trade and battle</strong>Grow your collection with other players, live.
        </li>
      </Steps>
    </Section>
  );
}

/** The closing call to sign in or look around. */
function ClosingBand() {
  return (
    <Band aria-labelledby="cta-title">
      <SectionTitle id="cta-title">Ready to flip?</SectionTitle>
      <p>Join the federation, or have a look around first.</p>
      <Ctas>
        <ButtonLink to="/auth" $size="lg" $variant="secondary">
          Login / Register
        </ButtonLink>
        <ButtonLink to="/explore" $size="lg" $variant="ghost">
          Browse public POGs
        </ButtonLink>
      </Ctas>
    </Band>
  );
}

/** The landing page for signed-out visitors (a signed-in player is sent to /explore). */
export default function LandingPage() {
  usePageTitle('');
  return (
    <Wrapper>
      <HeroSection />
      <FeaturesSection />
      <RaritySection />
      <HowItWorksSection />
      <ClosingBand />
    </Wrapper>
  );
}
