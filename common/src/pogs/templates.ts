import type { PogFont } from './fonts';

export const TEMPLATE_CATEGORIES = ['gradients', 'minimal', 'retro'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** A ready-made design offered by the Creator Studio's "Use Template" dialog (product spec: entities). */
export interface PogTemplate {
  id: string;
  name: string;
  backgroundColor1: string;
  backgroundColor2: string;
  textContent: string;
  textColor: string;
  fontFamily: PogFont;
  category: TemplateCategory;
}

export const POG_TEMPLATES: readonly PogTemplate[] = [
  {
    id: 'blue-gradient',
    name: 'Blue Gradient',
    backgroundColor1: '#3B82F6',
    backgroundColor2: '#1E3A8A',
    textContent: 'BLUE',
    textColor: '#FFFFFF',
    fontFamily: 'Bangers',
    category: 'gradients',
  },
  {
    id: 'purple-dream',
    name: 'Purple Dream',
    backgroundColor1: '#8B5CF6',
    backgroundColor2: '#EC4899',
    textContent: 'DREAM',
    textColor: '#FFFFFF',
    fontFamily: 'Bangers',
    category: 'gradients',
  },
  {
    id: 'sunset',
    name: 'Sunset',
    backgroundColor1: '#F59E0B',
    backgroundColor2: '#DC2626',
    textContent: 'SUNSET',
    textColor: '#FFFFFF',
    fontFamily: 'Bangers',
    category: 'gradients',
  },
  {
    id: 'neon-lights',
    name: 'Neon Lights',
    backgroundColor1: '#06B6D4',
    backgroundColor2: '#A21CAF',
    textContent: 'NEON',
    textColor: '#FFFFFF',
    fontFamily: 'Bangers',
    category: 'gradients',
  },
  {
    id: 'minimalist-white',
    name: 'Minimalist White',
    backgroundColor1: '#FFFFFF',
    backgroundColor2: '#E5E7EB',
    textContent: 'POG',
    textColor: '#111827',
    fontFamily: 'Roboto Condensed',
    category: 'minimal',
  },
  {
    id: 'minimalist-dark',
    name: 'Minimalist Dark',
    backgroundColor1: '#111827',
    backgroundColor2: '#374151',
    textContent: 'POG',
    textColor: '#F9FAFB',
    fontFamily: 'Roboto Condensed',
    category: 'minimal',
  },
  {
    id: 'retro-pixel',
    name: 'Retro Pixel',
    backgroundColor1: '#16A34A',
    backgroundColor2: '#14532D',
    textContent: 'PIXEL',
    textColor: '#FDE047',
    fontFamily: 'Press Start 2P',
    category: 'retro',
  },
  {
    id: 'retro-wave',
    name: 'Retro Wave',
    backgroundColor1: '#F472B6',
    backgroundColor2: '#4C1D95',
    textContent: 'WAVE',
    textColor: '#FDE68A',
    fontFamily: 'Press Start 2P',
    category: 'retro',
  },
];

/** The Creator Studio's one-click background presets (product spec: screens, Create). */
export interface GradientPreset {
  id: string;
  name: string;
  backgroundColor1: string;
  backgroundColor2: string;
}

export const GRADIENT_PRESETS: readonly GradientPreset[] = [
  { id: 'ocean', name: 'Ocean', backgroundColor1: '#06B6D4', backgroundColor2: '#3B82F6' },
  { id: 'sunset', name: 'Sunset', backgroundColor1: '#F97316', backgroundColor2: '#EC4899' },
  { id: 'forest', name: 'Forest', backgroundColor1: '#22C55E', backgroundColor2: '#0F766E' },
];
