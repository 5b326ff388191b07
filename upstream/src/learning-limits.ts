/**
 * The product-spec §9 limits of a signed-in user's learning records, in one place for the whole
 * upstream (store, services, routes and the demo seed all read them from here).
 */

/** "The last 100 play records are kept": older ones are pruned whenever one is written. */
export const PLAY_LOG_KEEP = 100;

/** "Fragments kept 30 days" from the moment they were cut. */
export const FRAGMENT_RETENTION_DAYS = 30;
export const FRAGMENT_RETENTION_MS = FRAGMENT_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** Largest pageSize of the personal-centre lists (§9 page sizes: the client asks for exactly these). */
export const NOTE_LIST_PAGE_SIZE_MAX = 1000;
export const MESSAGE_LIST_PAGE_SIZE_MAX = 1000;
export const COLLECT_LIST_PAGE_SIZE_MAX = 10000;
export const FRAGMENT_LIST_PAGE_SIZE_MAX = 10000;
