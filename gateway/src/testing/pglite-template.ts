/** The migrated PGlite template lives beside common's database tests, which use it too. */
export { pgliteTemplate, pgliteTemplateBlob, seedPgliteDataDir, type PgliteTemplate } from '@pog/domain/testing/pglite-template';
