import styled, { css } from 'styled-components';

/** The badge variants of the product spec (entities). */
export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'success' | 'outline';

const variants: Record<BadgeVariant, ReturnType<typeof css>> = {
  default: css`background: ${({ theme }) => theme.colors.primaryFill}; color: #fff;`,
  secondary: css`background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.textMuted};`,
  destructive: css`background: ${({ theme }) => theme.colors.dangerFill}; color: #fff;`,
  success: css`background: ${({ theme }) => theme.colors.success}; color: #04210f;`,
  outline: css`background: transparent; color: ${({ theme }) => theme.colors.text}; border-color: ${({ theme }) => theme.colors.borderStrong};`,
};

export const Badge = styled.span<{ $variant?: BadgeVariant }>`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  padding: 0.1rem 0.55rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid transparent;
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.03em;
  line-height: 1.4;
  ${({ $variant = 'default' }) => variants[$variant]}
`;
