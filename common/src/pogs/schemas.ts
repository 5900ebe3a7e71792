import { z } from 'zod';
import { RARITIES, TRADE_SUPPLY } from '../constants';
import { pogIdSchema, userIdSchema } from '../schemas/ids';
import { IMAGE_STYLES, POG_DEFAULTS, POG_FIELD_LIMITS } from './defaults';
import { POG_FONTS } from './fonts';
import { isAllowedStoredImageUrl } from './image-url';

/** A "#RRGGBB" colour; lower case is accepted and stored upper case so equal colours compare equal. */
function hexColour(label: string) {
  const message = `${label} must be a colour like #6366F1`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^#[0-9A-Fa-f]{6}$/, message)
    .transform((value) => value.toUpperCase());
}

const name = z
  .string({ error: 'Please give your POG a name' })
  .trim()
  .min(1, 'Please give your POG a name')
  .max(POG_FIELD_LIMITS.nameMax, `The name can be at most ${POG_FIELD_LIMITS.nameMax} characters`);

const textContent = z
  .string({ error: 'The text must be a string' })
  .trim()
  .max(POG_FIELD_LIMITS.textMax, `The text can be at most ${POG_FIELD_LIMITS.textMax} characters`);

const fontFamily = z.enum(POG_FONTS, { error: `Please choose one of the fonts: ${POG_FONTS.join(', ')}` });

const imageStyle = z.enum(IMAGE_STYLES, { error: 'The image style must be cover, contain or fill' });

const imageUrl = z
  .string({ error: 'The image must be uploaded first' })
  .trim()
  .refine(isAllowedStoredImageUrl, 'The image must be uploaded first (only our own upload links are accepted)');

/** The design fields of a POG: what the Creator Studio edits. */
const designFields = {
  name,
  textContent,
  fontFamily,
  textColor: hexColour('The text colour'),
  backgroundColor1: hexColour('Color 1'),
  backgroundColor2: hexColour('Color 2'),
  imageUrl,
  imageStyle,
};

/**
 * POST /api/pogs (product spec: calls). The design fields a client may leave out take the POG defaults
 * (the quick-create helper sends only a name and empty text). `maxTrades` lets a creator lower the
 * trade supply; the server checks it against the supply of the rarity the POG ends up with.
 */
export const createPogRequestSchema = z.object({
  userId: userIdSchema('userId'),
  name: designFields.name,
  textContent: designFields.textContent.default(POG_DEFAULTS.textContent),
  fontFamily: designFields.fontFamily.default(POG_DEFAULTS.fontFamily),
  textColor: designFields.textColor.default(POG_DEFAULTS.textColor),
  backgroundColor1: designFields.backgroundColor1.default(POG_DEFAULTS.backgroundColor1),
  backgroundColor2: designFields.backgroundColor2.default(POG_DEFAULTS.backgroundColor2),
  imageUrl: designFields.imageUrl.default(POG_DEFAULTS.imageUrl),
  imageStyle: designFields.imageStyle.default(POG_DEFAULTS.imageStyle),
  maxTrades: z
    .number({ error: 'The trade limit must be a whole number' })
    .int('The trade limit must be a whole number')
    .min(0, 'The trade limit cannot be negative')
    .max(TRADE_SUPPLY.common, `The trade limit can be at most ${TRADE_SUPPLY.common}`)
    .optional(),
});
export type CreatePogRequest = z.infer<typeof createPogRequestSchema>;
/** What a client may send (before defaults are applied). */
export type CreatePogInput = z.input<typeof createPogRequestSchema>;

/** PATCH /api/pogs/{id}: any of the design fields, at least one. Anything else is dropped. */
export const updatePogRequestSchema = z
  .object({
    name: designFields.name.optional(),
    textContent: designFields.textContent.optional(),
    fontFamily: designFields.fontFamily.optional(),
    textColor: designFields.textColor.optional(),
    backgroundColor1: designFields.backgroundColor1.optional(),
    backgroundColor2: designFields.backgroundColor2.optional(),
    imageUrl: designFields.imageUrl.optional(),
    imageStyle: designFields.imageStyle.optional(),
  })
  .refine((fields) => Object.values(fields).some((value) => value !== undefined), {
    message: 'Nothing to update: change at least one field',
  });
export type UpdatePogRequest = z.infer<typeof updatePogRequestSchema>;

/**
 * POST /api/pogs/score-preview: the design on the Creator Studio's bench (its name is not scored),
 * with the uploaded picture's link if any, and `pogId` when it is an edit of that POG (whose own row
 * the scorer leaves out, as it will when the edit is saved).
 */
export const scorePreviewRequestSchema = z.object({
  textContent: designFields.textContent.default(POG_DEFAULTS.textContent),
  fontFamily: designFields.fontFamily.default(POG_DEFAULTS.fontFamily),
  textColor: designFields.textColor.default(POG_DEFAULTS.textColor),
  backgroundColor1: designFields.backgroundColor1.default(POG_DEFAULTS.backgroundColor1),
  backgroundColor2: designFields.backgroundColor2.default(POG_DEFAULTS.backgroundColor2),
  imageUrl: designFields.imageUrl.default(POG_DEFAULTS.imageUrl),
  pogId: pogIdSchema('pogId').optional(),
});
export type ScorePreviewRequest = z.infer<typeof scorePreviewRequestSchema>;
export type ScorePreviewInput = z.input<typeof scorePreviewRequestSchema>;

const subScore = z.number().min(0).max(100);

/**
 * What the design would score if saved now: the worker's own sub-scores, total, rarity and points.
 * `copied`: an unchanged template or a copy of an existing design (common, no uniqueness or
 * complexity). `legendaryCapped`: legendary by its total, but epic within the creator's legendary share.
 */
export const scorePreviewSchema = z.object({
  harmony: subScore,
  uniqueness: subScore,
  complexity: subScore,
  total: subScore,
  rarity: z.enum(RARITIES),
  points: z.number().int().min(0),
  copied: z.boolean(),
  legendaryCapped: z.boolean(),
});
export type ScorePreview = z.infer<typeof scorePreviewSchema>;
