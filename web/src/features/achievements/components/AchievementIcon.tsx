/**
 * The achievement icons the catalogue names (the product spec (entities): Award, Medal, Trophy, Palette, Brush,
 * RefreshCw, Repeat, TrendingUp, Swords), drawn inline like the shell's other icons.
 */
import type { ReactElement } from 'react';
import type { AchievementIcon as IconName } from '@pog/common';
import { lineIcon, PaletteIcon, RepeatIcon, SwordsIcon } from '../../../components/icons';

const Award = () => (
  <svg {...lineIcon}>
    <circle cx="12" cy="9" r="6" />
    <path d="m8.5 13.5-1.5 8 5-3 5 3-1.5-8" />
  </svg>
);

const Medal = () => (
  <svg {...lineIcon}>
    <path d="M7 2h4l2 6M17 2h-4" />
    <circle cx="12" cy="15" r="6" />
    <path d="M12 12.5v5M10.5 14l1.5-1.5" />
  </svg>
);

const Trophy = () => (
  <svg {...lineIcon}>
    <path d="M7 3h10v6a5 5 0 0 1-10 0z" />
    <path d="M7 5H4v2a3 3 0 0 0 3 3M17 5h3v2a3 3 0 0 1-3 3M12 14v4M8 21h8M9 18h6" />
  </svg>
);

const Brush = () => (
  <svg {...lineIcon}>
    <path d="M20 3 10.5 12.5" />
    <path d="M10.5 12.5a3 3 0 0 0-4.2 0C4.8 14 6 17 3 18c2 2 6.5 2.5 8.6-.5a3 3 0 0 0-1.1-5" />
  </svg>
);

const RefreshCw = () => (
  <svg {...lineIcon}>
    <path d="M20 11a8 8 0 0 0-14.5-4.5L3 9M3 4v5h5" />
    <path d="M4 13a8 8 0 0 0 14.5 4.5L21 15M21 20v-5h-5" />
  </svg>
);

const TrendingUp = () => (
  <svg {...lineIcon}>
    <path d="m3 17 6-6 4 4 8-8" />
    <path d="M15 7h6v6" />
  </svg>
);

const ICONS: Record<IconName, () => ReactElement> = {
  Award,
  Medal,
  Trophy,
  Palette: PaletteIcon,
  Brush,
  RefreshCw,
  Repeat: RepeatIcon,
  TrendingUp,
  Swords: SwordsIcon,
};

export function AchievementIcon({ name }: { name: IconName }) {
  const Icon = ICONS[name];
  return <Icon />;
}
