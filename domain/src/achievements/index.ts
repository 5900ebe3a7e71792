/** The achievements part of the domain: what the gateway, the worker and the composition root may use. */
export { ACHIEVEMENT_LINK, recordAchievements } from './record';
