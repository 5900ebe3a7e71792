import { NavLink } from 'react-router';
import styled from 'styled-components';

const Bar = styled.nav`
  ul {
    list-style: none;
    margin: 0;
    padding: 0.3rem;
    display: flex;
    gap: 0.25rem;
    /* On a narrow screen the sections wrap onto more rows rather than widen the page. */
    flex-wrap: wrap;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.backgroundAlt};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  a {
    display: block;
    padding: 0.5rem 0.9rem;
    border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 700;
    text-decoration: none;
    white-space: nowrap;
  }
  a:hover { color: ${({ theme }) => theme.colors.text}; }
  a[aria-current='page'] { background: ${({ theme }) => theme.gradients.brandFill}; color: #fff; }
`;

/** The spec on screens, variant B: the page tab bar that puts the Battle Arena beside the other sections. */
const SECTIONS = [
  { to: '/create', label: 'Creator Studio' },
  { to: '/collection', label: 'My Collection' },
  { to: '/battle-refactored', label: 'Battle Arena' },
  { to: '/trade', label: 'Trade Center' },
] as const;

export function PageTabBar() {
  return (
    <Bar aria-label="Sections">
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end>
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </Bar>
  );
}
