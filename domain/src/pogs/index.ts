/** The pogs part of the domain: what the gateway, the worker and the composition root may use. */
export { findPog, findPogs, frequentInWindow, listed, listOwnedPogs, listPogs, holdsHiddenPogs, ownHiddenPogs, ownHiddenStatement, pogListStatement, type PogWithNames, prepareSearch, searchCandidates, searchCondition, searchedPage, SEARCH_LIMITS, type SearchLimits, type SearchPath, type SearchTerm, searchWindow, searchWindowPage, toPog, toPogFor, toPogWithNotes, } from './repository';
export { chunkColumns, findSimilarImages, type SimilarImage, similarImagesQuery } from './similarity';
export { createPog, deleteOwnPog, updatePogDesign } from './commands';
export { type FlagReason, scorePogVersion, type ScoringOutcome } from './scoring';
export { scorePreview } from './preview';
export { CHANGES_KEPT_MS, listChangesSince, pageExtent, pruneListChanges, touchesPage, type ChangesSince, type ListChange, type PageExtent } from './list-changes';
export { mayCreatePogAs, mayDeletePog, mayEditPog, mayViewPog, MISSING_POG, pogPolicy } from './policy';
