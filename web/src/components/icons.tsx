/** The few line icons the shell needs, drawn inline so no icon font or package is loaded. */
import type { SVGProps } from 'react';

/** The line style every icon shares (24 px grid, stroked in the text colour, hidden from readers). */
export const lineIcon: SVGProps<SVGSVGElement> = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
};

export const BellIcon = () => (
  <svg {...lineIcon}>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

/** A speaker, with sound waves when `on`, crossed out when not. */
export const SpeakerIcon = ({ on }: { on: boolean }) => (
  <svg {...lineIcon}>
    <path d="M11 5 6 9H2v6h4l5 4V5z" />
    {on ? <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" /> : <path d="m22 9-6 6M16 9l6 6" />}
  </svg>
);

export const HelpIcon = () => (
  <svg {...lineIcon}>
    <circle cx="12" cy="12" r="10" />
    <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3" />
    <path d="M12 17h.01" />
  </svg>
);

export const MenuIcon = () => (
  <svg {...lineIcon}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);

export const CloseIcon = () => (
  <svg {...lineIcon}>
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
);

export const WifiOffIcon = () => (
  <svg {...lineIcon}>
    <path d="M2 8.8a15 15 0 0 1 4.2-2.6M22 8.8A15 15 0 0 0 10.7 5M5 12.9a10 10 0 0 1 5-2.6M19 12.9a10 10 0 0 0-2.2-1.6M8.5 16.4a5 5 0 0 1 7 0M12 20h.01M2 2l20 20" />
  </svg>
);

export const SignalIcon = () => (
  <svg {...lineIcon}>
    <path d="M2 20h.01M7 20v-4M12 20v-8M17 20V8M22 4v16" />
  </svg>
);

export const LogOutIcon = () => (
  <svg {...lineIcon}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
  </svg>
);

export const UserIcon = () => (
  <svg {...lineIcon}>
    <path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </svg>
);

export const SparklesIcon = () => (
  <svg {...lineIcon}>
    <path d="M12 3l1.9 5.8L20 11l-6.1 2.2L12 19l-1.9-5.8L4 11l6.1-2.2z" />
  </svg>
);

export const SwordsIcon = () => (
  <svg {...lineIcon}>
    <path d="M14.5 17.5 3 6V3h3l11.5 11.5M13 19l6-6M16 16l4 4M19 21l2-2M14.5 6.5 18 3h3v3l-3.5 3.5M5 14l4 4M7 17l-3 3M3 19l2 2" />
  </svg>
);

export const RepeatIcon = () => (
  <svg {...lineIcon}>
    <path d="m17 2 4 4-4 4M3 11v-1a4 4 0 0 1 4-4h14M7 22l-4-4 4-4M21 13v1a4 4 0 0 1-4 4H3" />
  </svg>
);

export const HeartIcon = () => (
  <svg {...lineIcon}>
    <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
  </svg>
);

export const TagIcon = () => (
  <svg {...lineIcon}>
    <path d="M12.6 2.6A2 2 0 0 0 11.2 2H4a2 2 0 0 0-2 2v7.2a2 2 0 0 0 .6 1.4l8.7 8.7a2.4 2.4 0 0 0 3.4 0l6.6-6.6a2.4 2.4 0 0 0 0-3.4z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </svg>
);

export const GemIcon = () => (
  <svg {...lineIcon}>
    <path d="M6 3h12l4 6-10 13L2 9z" />
    <path d="M11 3 8 9l4 13 4-13-3-6M2 9h20" />
  </svg>
);

export const PaletteIcon = () => (
  <svg {...lineIcon}>
    <circle cx="13.5" cy="6.5" r="1" />
    <circle cx="17.5" cy="10.5" r="1" />
    <circle cx="8.5" cy="7.5" r="1" />
    <circle cx="6.5" cy="12.5" r="1" />
    <path d="M12 2a10 10 0 0 0 0 20c1.7 0 2-1.3 2-2.3 0-1.4-1-1.7-1-3 0-1 .8-1.7 2-1.7h2.3A4.7 4.7 0 0 0 22 10.3C22 5.7 17.5 2 12 2z" />
  </svg>
);

export const PencilIcon = () => (
  <svg {...lineIcon}>
    <path d="M17 3a2.85 2.85 0 0 1 4 4L7.5 20.5 2 22l1.5-5.5z" />
    <path d="m15 5 4 4" />
  </svg>
);

export const TrashIcon = () => (
  <svg {...lineIcon}>
    <path d="M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6" />
    <path d="M10 11v6M14 11v6" />
  </svg>
);

export const ImageIcon = () => (
  <svg {...lineIcon}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-5-5L5 21" />
  </svg>
);

export const ShuffleIcon = () => (
  <svg {...lineIcon}>
    <path d="M16 3h5v5M4 20 21 3M21 16v5h-5M15 15l6 6M4 4l5 5" />
  </svg>
);

export const SearchIcon = () => (
  <svg {...lineIcon}>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </svg>
);
