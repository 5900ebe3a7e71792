/**
 * The one theme of the app: a night-arcade palette (deep indigo surfaces, neon accents) that lets
 * the colourful POGs stand out. Components read every colour, radius and breakpoint from here.
 */
export const theme = {
  colors: {
    background: '#0f0b24',
    backgroundAlt: '#171233',
    surface: '#1d173f',
    surfaceRaised: '#272052',
    surfaceHover: '#30286a',
    border: '#3a3170',
    borderStrong: '#5a4fa8',
    text: '#f5f3ff',
    textMuted: '#b9b2e6',
    // 4.5:1 or more on every surface, the hover and highlight shades included.
    textSubtle: '#a09ad2',
    primary: '#8b5cf6',
    primaryHover: '#7c3aed',
    /** Text in the primary hue (links on a card): 4.5:1 or more on every surface, hover shades included. */
    primaryOnSurface: '#a78bfa',
    primaryText: '#ffffff',
    accent: '#ec4899',
    gold: '#fde047',
    success: '#22c55e',
    warning: '#f59e0b',
    danger: '#ef4444',
    /**
     * Fills under white text: darker than their namesakes so that white text on them reaches
     * WCAG AA's 4.5:1 (primary 4.2:1 -> 5.7:1, danger 3.8:1 -> 4.8:1, accent 3.5:1 -> 6.0:1).
     */
    primaryFill: '#7c3aed',
    dangerFill: '#dc2626',
    accentFill: '#be185d',
    dangerSurface: '#3b1229',
    focus: '#fde047',
    /** Rarity names are written in these: 4.5:1 or more on every surface, hover shades included. */
    rarity: {
      common: '#9ca3af',
      uncommon: '#22c55e',
      rare: '#60a5fa',
      epic: '#c084fc',
      legendary: '#f59e0b',
    },
  },
  gradients: {
    brand: 'linear-gradient(135deg, #6366f1 0%, #a855f7 50%, #ec4899 100%)',
    /** The brand gradient under white text: every stop at 4.5:1 or more against white. */
    brandFill: 'linear-gradient(135deg, #4f46e5 0%, #9333ea 50%, #db2777 100%)',
    gold: 'linear-gradient(135deg, #fde047 0%, #f59e0b 100%)',
    page: 'radial-gradient(1200px 600px at 10% -10%, rgba(139, 92, 246, 0.25), transparent 60%), radial-gradient(900px 500px at 110% 10%, rgba(236, 72, 153, 0.18), transparent 60%)',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    display: "Bangers, Impact, 'Arial Black', system-ui, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  radii: { sm: '6px', md: '10px', lg: '16px', xl: '24px', pill: '999px' },
  shadows: {
    card: '0 10px 30px rgba(5, 2, 20, 0.45)',
    glow: '0 0 0 1px rgba(139, 92, 246, 0.4), 0 8px 30px rgba(139, 92, 246, 0.35)',
    pop: '0 18px 50px rgba(0, 0, 0, 0.55)',
  },
  /** Media query helpers; "md" is the breakpoint below which the mobile menu replaces the nav. */
  breakpoints: { sm: 640, md: 900, lg: 1200, xl: 1280 },
  zIndex: { header: 20, popover: 40, dialog: 50, toast: 60 },
} as const;

export type AppTheme = typeof theme;

export const media = {
  belowMd: `@media (max-width: ${theme.breakpoints.md - 0.02}px)`,
  md: `@media (min-width: ${theme.breakpoints.md}px)`,
  belowSm: `@media (max-width: ${theme.breakpoints.sm - 0.02}px)`,
  belowXl: `@media (max-width: ${theme.breakpoints.xl - 0.02}px)`,
} as const;
