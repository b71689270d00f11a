/** The organization roles, lowest first (docs/auth.md "Roles and networks"). */
export const ROLES = ['Viewer', 'Member', 'Admin', 'Owner'] as const;
export type RoleName = (typeof ROLES)[number];

/** Whether a person with `role` may do what needs `required`; unknown (still loading) is no. */
export function roleAtLeast(role: string | undefined, required: RoleName): boolean {
  const rank = ROLES.indexOf(role as RoleName);
  return rank >= 0 && rank >= ROLES.indexOf(required);
}
