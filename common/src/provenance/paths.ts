/**
 * A POG's public page (spec: the POG pages). Kept apart from the zod schemas beside it, so that a
 * screen linking to POGs does not bundle zod (and build every schema) just for this path.
 */
export const pogPagePath = (pogId: number) => `/pog/${pogId}`;
