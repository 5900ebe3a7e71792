/**
 * Whether the statistical and fuzz tests take their full number of samples. They do when a real
 * service is configured (TEST_DATABASE_URL or TEST_REDIS_URL, as in `.ci/run`) or TEST_THOROUGH=1;
 * the README's plain `npm test` checks the same properties on fewer samples, to finish sooner.
 */
export const THOROUGH_TESTS = Boolean(process.env.TEST_DATABASE_URL || process.env.TEST_REDIS_URL || process.env.TEST_THOROUGH === '1');
