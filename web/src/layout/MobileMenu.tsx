import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import { media } from '../app/theme';
import { IconButton } from '../components/Button';
import { CloseIcon, LogOutIcon, MenuIcon } from '../components/icons';
import { useDismiss } from '../hooks/useDismiss';
import { useLogout } from '../features/auth/useAuthActions';
import { NAV_ITEMS, isNavItemActive } from './navItems';

const Wrapper = styled.div`
  ${media.md} { display: none; }
`;

const Panel = styled.nav`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndex.popover};
  padding: 0.75rem 1rem 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.backgroundAlt};
  box-shadow: ${({ theme }) => theme.shadows.pop};
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.2rem; }
`;

const MenuLink = styled(Link)`
  display: block;
  padding: 0.7rem 0.9rem;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 700;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.textMuted};
  &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.text}; }
  &[aria-current='page'] { background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.text}; box-shadow: inset 3px 0 0 ${({ theme }) => theme.colors.accent}; }
`;

const Logout = styled.button`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  width: 100%;
  margin-top: 0.5rem;
  padding: 0.7rem 0.9rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: none;
  font-weight: 700;
  cursor: pointer;
  svg { width: 1.1rem; height: 1.1rem; }
  &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; }
`;

/** Below the medium breakpoint: a collapsible menu with the navigation, Profile and Logout. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const logout = useLogout();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const refs = useMemo(() => [buttonRef, panelRef], []);
  const close = useCallback(() => setOpen(false), []);
  const panelId = useId();
  useDismiss(open, close, refs, buttonRef);
  useEffect(close, [pathname, close]);

  const links = NAV_ITEMS.filter((item) => item.to !== '/profile');

  return (
    <Wrapper>
      <IconButton ref={buttonRef} aria-label={open ? 'Close menu' : 'Open menu'} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {open ? <CloseIcon /> : <MenuIcon />}
      </IconButton>
      <Panel ref={panelRef} id={panelId} aria-label="Mobile" hidden={!open}>
        <ul>
          {links.map((item) => (
            <li key={item.to}>
              <MenuLink to={item.to} aria-current={isNavItemActive(item, pathname) ? 'page' : undefined}>
                {item.label}
              </MenuLink>
            </li>
          ))}
          <li>
            <MenuLink to="/profile" aria-current={pathname === '/profile' ? 'page' : undefined}>
              Profile
            </MenuLink>
          </li>
        </ul>
        <Logout type="button" disabled={logout.isPending} onClick={() => logout.mutate()}>
          <LogOutIcon /> {logout.isPending ? 'Logging out...' : 'Logout'}
        </Logout>
      </Panel>
    </Wrapper>
  );
}
