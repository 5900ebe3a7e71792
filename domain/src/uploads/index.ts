/** The uploads part of the domain: what the gateway, the worker and the composition root may use. */
export { ensureUploadDirs, fileSize, INCOMING_DIR, INCOMING_NAME, LEFTOVER_AGE_MS, newIncomingName, removeUploadLeftovers } from './layout';
export { isStorageFull, StorageFullError } from './storage-full';
export { pictureFiles, sweepUploads, UPLOAD_SWEEP_BATCH, type UploadSweepResult } from './sweep';
export { findStoredUpload, type NewUpload, recordUpload, type StoredUpload } from './records';
