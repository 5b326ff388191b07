/**
 * The ordered list of schema migrations. Append only: a migration that has run on someone's
 * data is never edited, a change is a new entry with the next version.
 */
import { coreContent } from './0001-core-content';
import { accounts } from './0002-accounts';
import { learning } from './0003-learning';
import { learningIndexes } from './0004-learning-indexes';
import { search } from './0005-search';
import { media } from './0006-media';
import { play } from './0007-play';
import { aiKnowledge } from './0008-ai-knowledge';
import { aiContent } from './0009-ai-content';
import { aiRetrieval } from './0010-ai-retrieval';
import { loginThrottle } from './0011-login-throttle';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'core content', sql: coreContent },
  { version: 2, name: 'accounts', sql: accounts },
  { version: 3, name: 'learning', sql: learning },
  { version: 4, name: 'learning indexes', sql: learningIndexes },
  { version: 5, name: 'search', sql: search },
  { version: 6, name: 'media', sql: media },
  { version: 7, name: 'play', sql: play },
  { version: 8, name: 'ai knowledge', sql: aiKnowledge },
  { version: 9, name: 'ai content', sql: aiContent },
  { version: 10, name: 'ai retrieval', sql: aiRetrieval },
  { version: 11, name: 'login throttle', sql: loginThrottle },
];
