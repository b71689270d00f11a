import type { User } from '../domain/user';

export const presentUser = (user: User) => ({
  id: user.id,
  organization_id: user.organization_id,
  email: user.email,
  name: user.name,
  role: user.role,
  network_ids: user.network_ids,
  job_title: user.job_title,
  created_at: user.created_at,
  updated_at: user.updated_at,
});
