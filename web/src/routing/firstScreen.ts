/**
 * The first screen rendered by the server: the gateway answers a page request with
 * its HTML already in #root and the Relay records it was rendered from in a JSON script; the client
 * fills its store from them and hydrates instead of painting the splash and asking again.
 * What both sides agree on lives here (entry-server.tsx renders, main.tsx hydrates).
 */
import type { RecordSource } from 'relay-runtime';

/** A store's records as RecordSource.toJSON gives them and its constructor takes them. */
export type RecordSourceJSON = ReturnType<RecordSource['toJSON']>;

/** The JSON script holding the store's records the server rendered the page from. */
export const SERVER_RECORDS_ID = 'relay-records';

/**
 * The routes the server renders (route ids of router.tsx): public pages a visitor lands on. A route
 * joins when its first screen renders from its query alone (no window, no storage during render).
 */
export const SERVER_RENDERED_ROUTES: ReadonlySet<string> = new Set([
  'home',
  'lecturer',
  'search',
  'play',
  'mobileHome',
  'mobilePlay',
  'mobileSearch',
  'mobileLecturer',
  'mobileLecturerDetail',
]);

/**
 * The source modules of each server-rendered route's page, as Vite's manifest names them (relative to
 * web/): the gateway adds `<link rel="modulepreload">` for their chunks and the chunks they import, so
 * the browser fetches them with the document instead of after the app has started.
 */
export const SERVER_ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  home: ['src/routes/Home/HomePage.tsx'],
  lecturer: ['src/routes/Lecturer/LecturerPage.tsx'],
  search: ['src/routes/Search/SearchPage.tsx'],
  // the page and its query are chunks of their own; the player's (vidstack, hls.js) waits for the first paint
  play: ['src/routes/Play/PlayPage.tsx', 'src/routes/Play/PlayQuery.ts'],
  // the mobile site's shell is a lazy chunk of its own: hydration waits for it too
  mobileHome: ['src/routes/Mobile/MobileHomePage.tsx', 'src/routes/Mobile/MobileShell.tsx'],
  mobilePlay: ['src/routes/Mobile/MobilePlayPage.tsx', 'src/routes/Mobile/MobileShell.tsx'],
  mobileSearch: ['src/routes/Mobile/MobileSearchPage.tsx', 'src/routes/Mobile/MobileShell.tsx'],
  mobileLecturer: ['src/routes/Mobile/MobileLecturerListPage.tsx', 'src/routes/Mobile/MobileShell.tsx'],
  mobileLecturerDetail: ['src/routes/Mobile/MobileLecturerPage.tsx', 'src/routes/Mobile/MobileShell.tsx'],
};

/**
 * The records as the text of a <script type="application/json">: `<` is escaped so a title holding
 * `</script>` or `<!--` cannot end the element early, and U+2028/U+2029 so the text stays valid
 * wherever it is pasted as JavaScript.
 */
export function serializeRecords(records: RecordSourceJSON): string {
  return JSON.stringify(records)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The records the server embedded, or null when the page came without a first screen (the SPA shell). */
export function readServerRecords(doc: Document): RecordSourceJSON | null {
  const element = doc.getElementById(SERVER_RECORDS_ID);
  const root = doc.getElementById('root');
  if (!element?.textContent || !root?.firstElementChild) return null;
  try {
    const records: unknown = JSON.parse(element.textContent);
    return records && typeof records === 'object' ? (records as RecordSourceJSON) : null;
  } catch {
    return null;
  }
}
