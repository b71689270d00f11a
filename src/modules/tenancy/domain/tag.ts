import type { TenantContext } from '../../../common/auth/tenant-context';
import type { PageRequest } from '../../../common/http/pagination';

export const COLORS = [
  'Pink',
  'Rose',
  'Red',
  'Amber',
  'Orange',
  'Green',
  'Emerald',
  'Teal',
  'Cyan',
  'Blue',
  'Indigo',
  'Purple',
  'Fuchsia',
  'Violet',
  'Sky',
  'Gray',
  'Lime',
  'Yellow',
] as const;
export type Color = (typeof COLORS)[number];

export interface Tag {
  id: string;
  organization_id: string;
  name: string;
  color: Color;
  created_at: Date;
  updated_at: Date;
}

/** Tags are organization-wide: every method is limited to the caller's organization. */
export interface TagRepository {
  list(ctx: TenantContext, page: PageRequest): Promise<{ items: Tag[]; total: number }>;
  find(ctx: TenantContext, id: string): Promise<Tag | undefined>;
  create(ctx: TenantContext, fields: { name: string; color: Color }): Promise<Tag>;
  update(ctx: TenantContext, id: string, fields: { name: string; color: Color }): Promise<Tag | undefined>;
  delete(ctx: TenantContext, id: string): Promise<boolean>;
  /** The subset of ids that are tags of the caller's organization. */
  existingIds(ctx: TenantContext, ids: readonly string[]): Promise<string[]>;
}

export const TAG_REPOSITORY = Symbol('TAG_REPOSITORY');
