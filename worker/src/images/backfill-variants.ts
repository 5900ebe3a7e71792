/**
 * Operator command: makes the sized copies (128, 256, 512 px WebP) of pictures uploaded before the
 * worker made them. Idempotent; safe beside a running app (files are written aside and renamed).
 *
 *   npm run image-variants
 *
 * Uses the app's configuration for the uploads folder (DATA_DIR/uploads).
 */
import { loadConfig } from '@pog/domain/config';
import { backfillVariants } from './variants';

// Only the uploads folder is read, as set-role reads the database: the gateway's view of the configuration.
const config = loadConfig({ ...process.env, SERVICES: 'gateway,worker' });
const { pictures, written } = await backfillVariants(config.uploadDir);
console.log(`${pictures} stored pictures in ${config.uploadDir}; ${written} sized copies written`);
