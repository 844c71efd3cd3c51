/** Every migration, oldest first. A landed migration is never edited: add a new one. */
import { Foundation1732200000000 } from './1732200000000-Foundation.js';

export const migrations = [Foundation1732200000000];
