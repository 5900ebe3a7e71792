#!/usr/bin/env node
// `npm install`'s last step (the root package's postinstall): makes the embedded database's seed, an
// empty migrated data folder that `npm start` copies into a new DATA_DIR instead of running initdb
// and the migrations there (domain/src/db/pglite-seed.ts). A failure here fails nothing: `npm start`
// then makes the folder itself, as it would without a seed.
try {
  const { register } = await import('tsx/esm/api');
  register();
  const { makeSeed, seedDir } = await import('../domain/src/db/pglite-seed.ts');
  if (await makeSeed()) console.log(`[pglite] made the embedded database's seed in ${seedDir()}`);
} catch (error) {
  console.warn(`[pglite] no seed for the embedded database (npm start will make its data folder itself): ${error instanceof Error ? error.message : error}`);
}
