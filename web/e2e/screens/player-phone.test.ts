/** Every screen as a player on a phone, with each dialog and popover open (./sweeps.ts, playerSweep). */
import { describePlayerSweep } from './sweeps';
import { PHONE } from './world';

describePlayerSweep(PHONE);
