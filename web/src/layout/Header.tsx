import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { BRAND } from '@pog/common';
import { retryableLazy } from '../app/retryableLazy';
import { media } from '../app/theme';
import { ButtonLink, IconButton } from '../components/Button';
import { HelpIcon } from '../components/icons';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { BANNER_HEIGHT_VAR } from '../features/network/NetworkBanner';
import { MobileMenu } from './MobileMenu';
import { HeaderNav } from './HeaderNav';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';

const Bar = styled.header`
  position: sticky;
  /* Below the network banner, which sticks above it. */
  top: var(${BANNER_HEIGHT_VAR}, 0px);
  z-index: ${({ theme }) => theme.zIndex.header};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  /*
   * Opaque rather than see-through and blurred: a backdrop blur has the compositor blur whatever
   * scrolls under the bar on every frame, which costs a phone (or any screen drawn without a GPU)
   * more than it shows (in the browser tests, two thirds of the compositor's CPU); and unblurred,
   * what scrolls under a see-through bar shows as a ghost behind its links.
   */
  background: ${({ theme }) => theme.colors.background};
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: 1rem;
  /* Wider than the page's column, so that on a wide screen every link fits beside the buttons. */
  width: min(1360px, 100%);
  height: 4rem;
  margin: 0 auto;
  padding: 0 1.25rem;
`;

const Logo = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.55rem;
  text-decoration: none;
  flex: none;
`;

const LogoDisc = styled.span`
  width: 2.1rem;
  height: 2.1rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.gradients.brand};
  box-shadow: inset 0 0 0 3px rgba(253, 224, 71, 0.9), 0 0 18px rgba(236, 72, 153, 0.45);
`;

const Wordmark = styled.span`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 1.45rem;
  letter-spacing: 0.05em;
  color: ${({ theme }) => theme.colors.text};
  ${media.belowSm} { display: none; }
`;

const Spacer = styled.div`
  flex: 1;
`;

const Actions = styled.div`
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: 0.6rem;
  flex: none;
`;

/** The game guide's code (all its text) loads the first time someone asks for help. */
const GameGuideDialog = retryableLazy(() => import('../features/help/GameGuideDialog'));

/** The main header: navigation and player controls when signed in, help and login when not. */
export function Header() {
  const { data: user, isPending } = useCurrentUser();
  const [guideOpen, setGuideOpen] = useState(false);
  // Once opened, the guide stays mounted, so closing it hands focus back like any dialog.
  const [guideMounted, setGuideMounted] = useState(false);

  return (
    <Bar>
      <Inner>
        <Logo to="/" aria-label={`${BRAND} home`}>
          <LogoDisc aria-hidden="true" />
          <Wordmark aria-hidden="true">{BRAND}</Wordmark>
        </Logo>
        {user ? (
          <HeaderNav />
        ) : (
          <Spacer />
        )}
        <Actions>
          <IconButton aria-label="Help" aria-haspopup="dialog" onClick={() => {
              setGuideMounted(true);
              setGuideOpen(true);
            }}
          >
            <HelpIcon />
          </IconButton>
          {user && (
            <>
              <NotificationBell />
              <UserMenu user={user} />
              <MobileMenu />
            </>
          )}
          {!user && !isPending && (
            <ButtonLink to="/auth" $size="sm">
              Login / Register
            </ButtonLink>
          )}
        </Actions>
      </Inner>
      {guideMounted && (
        <Suspense fallback={null}>
          <GameGuideDialog open={guideOpen} onClose={() => setGuideOpen(false)} />
        </Suspense>
      )}
    </Bar>
  );
}
