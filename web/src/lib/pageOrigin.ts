import { createContext } from 'react';

/**
 * The origin the browser asked (https://host:port), provided by the server render only: links
 * made absolute there (a visitor's login-first course links) come out as the browser makes them.
 */
export const PageOriginContext = createContext<string | null>(null);
