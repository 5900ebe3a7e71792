/**
 * The process entry: `node --import tsx server/src/main.ts` (process-main.ts does the work). First,
 * prebuilt packages are taken out of tsx's loader (loading/prebuilt-packages.ts): a module hook only
 * sees the modules loaded after it is registered, so the rest of the app is imported after that.
 */
import { registerPrebuiltPackages } from './loading/prebuilt-packages';

registerPrebuiltPackages();
await import('./process-main');
