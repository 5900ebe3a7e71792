/** The Stats and profile texts of the product spec (errors), word for word. */
export const STATS_TEXT = {
  loading: 'Loading stats...',
  failed: 'Error loading stats',
  empty: 'No stats found',
  achievementsFailed: 'Error loading achievements',
  achievementsEmpty: 'No achievements found',
} as const;

/** The profile header's member line (the product spec (screens): "a fixed member-since text"; docs/rules.md). */
export const MEMBER_SINCE_TEXT = 'Member since 2024';
