/**
 * The process entry: `node --import tsx server/src/main.ts`. SERVICES picks what runs here; how the
 * process starts, logs and stops is ./process. First, prebuilt packages are taken out of tsx's loader
 * (loading/prebuilt-packages.ts): a module hook only sees the modules loaded after it is registered,
 * so the rest of the app is imported after that.
 */
import { registerPrebuiltPackages } from './loading/prebuilt-packages';

registerPrebuiltPackages();
const { failedToStart, runProcess } = await import('./process');
runProcess().catch(failedToStart);
