import type { TenantContext } from '../../../common/auth/tenant-context';
import type { PageRequest } from '../../../common/http/pagination';
import type { View } from '../../topology';

export interface ShareOptions {
  show_export_button: boolean;
  show_inspect_panel: boolean;
  show_minimap: boolean;
  show_zoom_controls: boolean;
}

export const DEFAULT_OPTIONS: ShareOptions = {
  show_export_button: true,
  show_inspect_panel: true,
  show_minimap: false,
  show_zoom_controls: true,
};
export const DEFAULT_VIEWS: View[] = ['L3Logical'];

export interface ShareRow {
  id: string;
  organization_id: string;
  network_id: string;
  name: string;
  is_enabled: boolean;
  expires_at: Date | null;
  allowed_domains: string[] | null;
  password_hash: string | null;
  enabled_views: View[];
  options: ShareOptions;
  created_at: Date;
  updated_at: Date;
}

export type ShareFields = Pick<
  ShareRow,
  'name' | 'is_enabled' | 'expires_at' | 'allowed_domains' | 'password_hash' | 'enabled_views' | 'options'
>;

export interface ShareRepository {
  list(
    ctx: TenantContext,
    filter: { networkId?: string },
    page: PageRequest,
  ): Promise<{ items: ShareRow[]; total: number }>;
  find(ctx: TenantContext, id: string): Promise<ShareRow | undefined>;
  create(ctx: TenantContext, networkId: string, fields: ShareFields): Promise<ShareRow>;
  update(ctx: TenantContext, id: string, fields: ShareFields): Promise<ShareRow | undefined>;
  delete(ctx: TenantContext, id: string): Promise<boolean>;
  /** Public access: by id alone (the id is the capability), with the plan of its organization. */
  findPublic(id: string): Promise<(ShareRow & { plan_type: string }) | undefined>;
}

export const SHARE_REPOSITORY = Symbol('SHARE_REPOSITORY');
