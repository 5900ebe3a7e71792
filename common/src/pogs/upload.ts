/** POST /api/upload and GET /api/debug/images/:filename: a picture for a POG, stored by the worker. */
import { z } from 'zod';

/** A stored picture: its URL and size in pixels. */
export const uploadedImageSchema = z.object({ url: z.string(), width: z.number().int().positive(), height: z.number().int().positive() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const debugImageParamSchema = z.object({ filename: z.string().max(200) });

/** Whether a stored file exists; `reason` says why a name was not even looked up. */
export const debugImageSchema = z.object({
  filename: z.string(),
  exists: z.boolean(),
  size: z.number().int().nonnegative().nullable(),
  url: z.string().nullable(),
  reason: z.string().optional(),
});
export type DebugImage = z.infer<typeof debugImageSchema>;
