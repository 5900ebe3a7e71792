import { createContext, useContext, type ReactNode } from 'react';

/**
 * The page outline for headings of items that appear in several places (a POG card, a trade card):
 * right under a screen's h1 they are h2, under a section's h2 (or a dialog's title) they are h3,
 * so that heading levels never skip one.
 */
type Level = 2 | 3 | 4;
type HeadingTag = `h${Level}`;

const HeadingLevelContext = createContext<Level>(2);

/** Marks what it wraps as sitting under a heading of `level - 1`. */
export function HeadingLevel({ level, children }: { level: Level; children: ReactNode }) {
  return <HeadingLevelContext.Provider value={level}>{children}</HeadingLevelContext.Provider>;
}

/** The tag an item's own heading takes here. */
export function useHeadingTag(): HeadingTag {
  return `h${useContext(HeadingLevelContext)}`;
}
