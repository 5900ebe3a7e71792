/** Every screen as a player on a desktop, with each dialog and popover open (./sweeps.ts, playerSweep). */
import { describePlayerSweep } from './sweeps';
import { DESKTOP } from './world';

describePlayerSweep(DESKTOP);
