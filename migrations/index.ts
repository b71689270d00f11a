import { Foundation1763900000000 } from './1763900000000-foundation';

/** Every migration, oldest first. A new migration file is added here as well (see docs/database.md). */
export const migrations = [Foundation1763900000000];
