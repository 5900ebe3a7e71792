/** The upload's size check, apart from the image code (process-image.ts loads sharp). */
import { AppError, TOO_LARGE_FILE_MESSAGE, UPLOAD } from '@pog/common';

/** For the gateway, which sees the size before the bytes reach the worker. */
export function assertUploadSize(bytes: number): void {
  if (bytes > UPLOAD.maxBytes) throw new AppError('VALIDATION_ERROR', TOO_LARGE_FILE_MESSAGE);
}
