/** 'ROLE_ADMIN' -> 'ADMIN' (spec section 2, admin table). */
export const formatRoleName = (role: string): string => role.replace(/^ROLE_/, '');

export const NO_ROLE_LABEL = 'Sin rol';

/** Role labels for the table: names without the prefix; 'Sin rol' when roles is not a list (or empty). */
export const formatRoleLabels = (roles: unknown): string[] => {
  if (!Array.isArray(roles)) return [NO_ROLE_LABEL];
  const names = roles
    .map((role: unknown) =>
      typeof role === 'string'
        ? role
        : typeof role === 'object' &&
            role !== null &&
            typeof (role as { name?: unknown }).name === 'string'
          ? (role as { name: string }).name
          : null,
    )
    .filter((name): name is string => Boolean(name))
    .map(formatRoleName);
  return names.length > 0 ? names : [NO_ROLE_LABEL];
};
