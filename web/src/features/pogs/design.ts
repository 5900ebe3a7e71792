/** The Creator Studio's form: the design being edited, its presets, and its validation. */
import { type CreatePogRequest, createPogRequestSchema, type GradientPreset, type ImageStyle, isPogFont, type Pog, POG_DEFAULTS, type PogFont, type PogTemplate, randomHexColor, type UserId } from '@pog/common';

export interface PogDesign {
  name: string;
  textContent: string;
  fontFamily: PogFont;
  textColor: string;
  backgroundColor1: string;
  backgroundColor2: string;
  imageUrl: string;
  imageStyle: ImageStyle;
}

export type DesignField = keyof PogDesign;

export const EMPTY_DESIGN: PogDesign = {
  name: '',
  textContent: POG_DEFAULTS.textContent,
  fontFamily: POG_DEFAULTS.fontFamily,
  textColor: POG_DEFAULTS.textColor,
  backgroundColor1: POG_DEFAULTS.backgroundColor1,
  backgroundColor2: POG_DEFAULTS.backgroundColor2,
  imageUrl: POG_DEFAULTS.imageUrl,
  imageStyle: POG_DEFAULTS.imageStyle,
};

/** A template sets the look; the player's own name and picture stay (a blank name takes the template's). */
export function applyTemplate(design: PogDesign, template: PogTemplate): PogDesign {
  return {
    ...design,
    name: design.name.trim() ? design.name : template.name,
    textContent: template.textContent,
    fontFamily: template.fontFamily,
    textColor: template.textColor,
    backgroundColor1: template.backgroundColor1,
    backgroundColor2: template.backgroundColor2,
  };
}

export function applyPreset(design: PogDesign, preset: GradientPreset): PogDesign {
  return { ...design, backgroundColor1: preset.backgroundColor1, backgroundColor2: preset.backgroundColor2 };
}

export function randomBackground(design: PogDesign, random: () => number = Math.random): PogDesign {
  return { ...design, backgroundColor1: randomHexColor(random), backgroundColor2: randomHexColor(random) };
}

/** Opens a saved POG for editing (`/create?edit={id}`). */
export function designFromPog(pog: Pog): PogDesign {
  return {
    name: pog.name,
    textContent: pog.textContent,
    fontFamily: isPogFont(pog.fontFamily) ? pog.fontFamily : POG_DEFAULTS.fontFamily,
    textColor: pog.textColor,
    backgroundColor1: pog.backgroundColor1,
    backgroundColor2: pog.backgroundColor2,
    imageUrl: pog.imageUrl,
    imageStyle: pog.imageStyle,
  };
}

export type DesignErrors = Partial<Record<DesignField, string>>;

export type DesignCheck = { ok: true; request: CreatePogRequest } | { ok: false; errors: DesignErrors };

/** Checks the form with the server's own schema, so the messages match what the server would say. */
export function checkDesign(design: PogDesign, userId: UserId): DesignCheck {
  const result = createPogRequestSchema.safeParse({ ...design, userId });
  if (result.success) return { ok: true, request: result.data };
  const errors: DesignErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in EMPTY_DESIGN && !errors[field as DesignField]) errors[field as DesignField] = issue.message;
  }
  return { ok: false, errors };
}

/** The design fields of a checked request: what PATCH /api/pogs/{id} takes. */
export function designChanges(request: CreatePogRequest): Omit<CreatePogRequest, 'userId' | 'maxTrades'> {
  const { userId: _userId, maxTrades: _maxTrades, ...design } = request;
  return design;
}
