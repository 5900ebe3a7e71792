/**
 * The process entry: `node --import tsx server/src/main.ts`. SERVICES picks what runs here; how the
 * process starts, logs and stops is ./process.
 */
import { failedToStart, runProcess } from './process';

runProcess().catch(failedToStart);
