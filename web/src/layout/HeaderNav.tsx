import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import { media } from '../app/theme';
import { useDismiss } from '../hooks/useDismiss';
import { NAV_ITEMS, isNavItemActive, linksThatFit } from './navItems';
import { Popover } from './Popover';

const Nav = styled.nav`
  position: relative;
  flex: 1;
  min-width: 0;
  ${media.belowMd} { display: none; }
  ul { display: flex; gap: 0.15rem; list-style: none; margin: 0; padding: 0; }
`;

/** The links laid out unseen at their natural width, to measure what fits, in a box that clips them away. */
const MeasureBox = styled.div`
  position: absolute;
  width: 0;
  height: 0;
  overflow: hidden;
  visibility: hidden;
  pointer-events: none;
`;

const Measure = styled.ul`
  width: max-content;
`;

const navLink = `
  display: block;
  padding: 0.45rem 0.7rem;
  font-weight: 700;
  font-size: 0.92rem;
  white-space: nowrap;
  text-decoration: none;
`;

const NavLink = styled(Link)`
  ${navLink}
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.textMuted};
  transition: background 120ms ease, color 120ms ease;
  &:hover { color: ${({ theme }) => theme.colors.text}; background: ${({ theme }) => theme.colors.surface}; }
  &[aria-current='page'] { color: ${({ theme }) => theme.colors.text}; background: ${({ theme }) => theme.colors.surfaceRaised}; box-shadow: inset 0 -2px 0 ${({ theme }) => theme.colors.accent}; }
`;

const MoreButton = styled.button<{ $current?: boolean }>`
  ${navLink}
  border: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $current }) => ($current ? theme.colors.surfaceRaised : 'none')};
  box-shadow: ${({ theme, $current }) => ($current ? `inset 0 -2px 0 ${theme.colors.accent}` : 'none')};
  color: ${({ theme, $current }) => ($current ? theme.colors.text : theme.colors.textMuted)};
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.colors.text}; background: ${({ theme }) => theme.colors.surface}; }
`;

const MoreItems = styled.ul`
  display: grid !important;
  padding: 0.4rem !important;
  a { ${navLink} border-radius: ${({ theme }) => theme.radii.md}; color: ${({ theme }) => theme.colors.textMuted}; }
  a:hover, a[aria-current='page'] { background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.text}; }
`;

const MoreAnchor = styled.li`
  position: relative;
  ${Popover} { left: 0; right: auto; }
`;

const MeasureItem = styled.span`
  ${navLink}
`;

/** Below the md breakpoint the bar's links are hidden (Nav): the mobile menu shows them. */
const LINKS_HIDDEN = media.belowMd.replace(/^@media\s*/, '');

/**
 * How many links fit the bar now; re-measured when the bar or the links' widths change (fonts
 * loading). Measured before the first paint where the bar shows; on a phone, where it is hidden,
 * only once it shows (the observer's first call): measuring there would make the browser lay out
 * the whole page in the middle of the first render, for links nobody sees.
 */
function useLinksThatFit() {
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLUListElement>(null);
  const [count, setCount] = useState(NAV_ITEMS.length);
  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    if (!nav || !measure) return;
    const fit = () => {
      const widths = [...measure.children].map((item) => item.getBoundingClientRect().width);
      const more = widths.pop() ?? 0;
      const gap = Number.parseFloat(getComputedStyle(measure).columnGap) || 0;
      setCount(linksThatFit(widths, more, gap, nav.clientWidth));
    };
    if (!window.matchMedia(LINKS_HIDDEN).matches) fit();
    const observer = new ResizeObserver(fit);
    observer.observe(nav);
    observer.observe(measure);
    return () => observer.disconnect();
  }, []);
  return { navRef, measureRef, count };
}

/**
 * The header's links, as many as the bar has room for, the rest in a More menu, so that no link
 * ever runs under the buttons beside it at any width. Below the md breakpoint the mobile menu
 * takes over.
 */
export function HeaderNav() {
  const { pathname } = useLocation();
  const { navRef, measureRef, count } = useLinksThatFit();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [buttonRef, panelRef], []);
  const close = useCallback(() => setOpen(false), []);
  const panelId = useId();
  useDismiss(open, close, refs, buttonRef);
  useEffect(close, [pathname, close]);

  const shown = NAV_ITEMS.slice(0, count);
  const rest = NAV_ITEMS.slice(count);
  const current = (item: (typeof NAV_ITEMS)[number]) => (isNavItemActive(item, pathname) ? 'page' : undefined);
  return (
    <Nav ref={navRef} aria-label="Main">
      <MeasureBox aria-hidden="true">
        <Measure ref={measureRef}>
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <MeasureItem>{item.label}</MeasureItem>
            </li>
          ))}
          <li>
            <MeasureItem>More</MeasureItem>
          </li>
        </Measure>
      </MeasureBox>
      <ul>
        {shown.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} aria-current={current(item)}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {rest.length > 0 && (
          <MoreAnchor>
            <MoreButton
              ref={buttonRef}
              type="button"
              aria-expanded={open}
              aria-controls={open ? panelId : undefined}
              $current={rest.some((item) => current(item))}
              onClick={() => setOpen(!open)}
            >
              More
            </MoreButton>
            {open && (
              <Popover ref={panelRef} id={panelId} role="region" aria-label="More pages" $width={220}>
                <MoreItems>
                  {rest.map((item) => (
                    <li key={item.to}>
                      <Link to={item.to} aria-current={current(item)} onClick={close}>
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </MoreItems>
              </Popover>
            )}
          </MoreAnchor>
        )}
      </ul>
    </Nav>
  );
}
