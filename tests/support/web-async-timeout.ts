/**
 * Setup file of the web project: Testing Library's findBy and waitFor wait up to 10 s, not its 1 s
 * default. A lazy chunk (the user menu, the crop dialog, the player) is a dynamic import that Vite
 * transforms on first use; on a busy 2-core machine that alone took over a second, and a test that
 * relied on the default failed. Nothing waits longer when the page is there: they return at once.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
