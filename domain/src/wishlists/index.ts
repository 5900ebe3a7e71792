/** Have and Want: what the gateway may use. */
export { markPog } from './commands';
export { readMarks } from './marks';
export { readMatches } from './matches';
