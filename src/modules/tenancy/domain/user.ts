import type { Role, TenantContext } from '../../../common/auth/tenant-context';
import type { PageRequest } from '../../../common/http/pagination';

export interface User {
  id: string;
  organization_id: string;
  email: string;
  name: string;
  role: Role;
  job_title: string | null;
  /** Networks granted to the user (Members and Viewers see only these). */
  network_ids: string[];
  created_at: Date;
  updated_at: Date;
}

export interface NewUser {
  organizationId: string;
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  networkIds: string[];
}

export interface UserChanges {
  email?: string;
  name?: string;
  role?: Role;
  passwordHash?: string;
  networkIds?: string[];
}

export interface UserRepository {
  create(input: NewUser): Promise<User>;
  list(ctx: TenantContext, page: PageRequest): Promise<{ items: User[]; total: number }>;
  /** A user of the caller's organization, or undefined. */
  find(ctx: TenantContext, id: string): Promise<User | undefined>;
  update(ctx: TenantContext, id: string, changes: UserChanges): Promise<User | undefined>;
  delete(ctx: TenantContext, id: string): Promise<boolean>;
  countOwners(ctx: TenantContext): Promise<number>;
  setJobTitle(ctx: TenantContext, jobTitle: string | null): Promise<void>;
  /** For login only: the user with this email in any organization, with the password hash. */
  findForLogin(email: string): Promise<(User & { password_hash: string }) | undefined>;
}

export const USER_REPOSITORY = Symbol('USER_REPOSITORY');
