import styled, { css } from 'styled-components';
import { Link } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
  $block?: boolean;
}

const sizes: Record<ButtonSize, ReturnType<typeof css>> = {
  sm: css`padding: 0.35rem 0.75rem; font-size: 0.875rem; min-height: 2rem;`,
  md: css`padding: 0.55rem 1.1rem; font-size: 0.95rem; min-height: 2.5rem;`,
  lg: css`padding: 0.8rem 1.6rem; font-size: 1.05rem; min-height: 3rem;`,
};

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: ${({ theme }) => theme.gradients.brandFill};
    color: ${({ theme }) => theme.colors.primaryText};
    box-shadow: ${({ theme }) => theme.shadows.glow};
    &:hover:not(:disabled) { filter: brightness(1.1); transform: translateY(-1px); }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.border};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surfaceHover}; }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.text}; }
  `,
  outline: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.borderStrong};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surfaceRaised}; }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.dangerFill};
    color: #fff;
    &:hover:not(:disabled) { filter: brightness(1.1); }
  `,
};

const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: 700;
  letter-spacing: 0.01em;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition: transform 120ms ease, filter 120ms ease, background 120ms ease, color 120ms ease;
  ${({ $size = 'md' }) => sizes[$size]}
  ${({ $variant = 'primary' }) => variants[$variant]}
  &:active:not(:disabled) { transform: translateY(1px); }
  &:disabled { opacity: 0.55; cursor: not-allowed; box-shadow: none; }
  /* Inline icons carry no size of their own: they follow the text. */
  svg { width: 1.15em; height: 1.15em; flex: none; }
`;

export const Button = styled.button.attrs<ButtonStyleProps>(({ type }) => ({ type: type ?? 'button' }))<ButtonStyleProps>`
  ${buttonStyles}
`;

/** A link that looks like a button (navigation, not an action). */
export const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

/** A square icon-only button; callers must give it an aria-label. */
export const IconButton = styled.button.attrs(({ type }) => ({ type: type ?? 'button' }))`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  transition: background 120ms ease, color 120ms ease;
  &:hover { background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.text}; }
  &[aria-expanded='true'] { background: ${({ theme }) => theme.colors.surfaceHover}; color: ${({ theme }) => theme.colors.text}; }
  svg { width: 1.25rem; height: 1.25rem; }
`;
