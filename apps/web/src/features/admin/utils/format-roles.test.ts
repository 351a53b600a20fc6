// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatRoleLabels, formatRoleName } from './format-roles';

describe('role labels', () => {
  it('drops the ROLE_ prefix', () => {
    expect(formatRoleName('ROLE_ADMIN')).toBe('ADMIN');
    expect(formatRoleName('ROLE_USER')).toBe('USER');
    expect(formatRoleName('MODERADOR')).toBe('MODERADOR');
    expect(formatRoleLabels(['ROLE_USER', 'ROLE_ADMIN'])).toEqual(['USER', 'ADMIN']);
    expect(formatRoleLabels([{ id: 2, name: 'ROLE_ADMIN' }])).toEqual(['ADMIN']);
  });

  it("says 'Sin rol' when roles is not a list or is empty", () => {
    expect(formatRoleLabels(undefined)).toEqual(['Sin rol']);
    expect(formatRoleLabels('ROLE_USER')).toEqual(['Sin rol']);
    expect(formatRoleLabels(null)).toEqual(['Sin rol']);
    expect(formatRoleLabels([])).toEqual(['Sin rol']);
  });
});
