import { createContext, useContext, useEffect } from 'react';

/**
 * A page's own title once its data is there (the video and course on /Play, the lecturer on
 * /authorDes, the topic on /special/des): the route host gives each rendered page a setter that
 * shows it as document.title and remembers it for the page's data, so a kept-alive page coming
 * back gets its own title again rather than the route's generic one.
 */
export const PageTitleContext = createContext<((title: string) => void) | null>(null);

/**
 * The server render's note of the page's own title: effects do not run there, so the title is noted
 * while rendering (the last page to name one wins) and becomes the document's <title>.
 */
export const ServerPageTitleContext = createContext<((title: string) => void) | null>(null);

/** Names the page `<parts joined by ' - '> - 思政云课堂`; empty parts are left out, none at all keeps the route's title. */
export function usePageTitle(...parts: ReadonlyArray<string | null | undefined>): void {
  const setTitle = useContext(PageTitleContext);
  const noteServerTitle = useContext(ServerPageTitleContext);
  const title = parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' - ');
  if (noteServerTitle && title) noteServerTitle(title);
  // an effect runs only while the page is visible (a hidden kept-alive page's effects are cleaned up)
  useEffect(() => {
    if (title && setTitle) setTitle(title);
  }, [title, setTitle]);
}
