import { Foundation1763900000000 } from './1763900000000-foundation';
import { TenancyAndAuth1763900000001 } from './1763900000001-tenancy-and-auth';

/** Every migration, oldest first. A new migration file is added here as well (see docs/database.md). */
export const migrations = [Foundation1763900000000, TenancyAndAuth1763900000001];
