import { describe, expect, it } from 'vitest';
import { allows, type Viewer } from './permissions';

const landlord: Viewer = { role: 'landlord', access: null, hasBidAccess: true };
const renter: Viewer = { role: 'renter', access: null, hasBidAccess: true };
const employee = (access: Viewer['access'], hasBidAccess = true): Viewer => ({ role: 'employee', access, hasBidAccess });

describe('who may do what', () => {
  it('refuses a role the rule does not list, whatever its levels', () => {
    expect(allows(renter, { roles: ['landlord', 'employee'] })).toBe(false);
    expect(allows({ role: 'superadmin', access: null, hasBidAccess: true }, { roles: ['landlord'] })).toBe(false);
    expect(allows({ role: 'guest', access: null, hasBidAccess: true }, { roles: ['renter'] })).toBe(false);
  });
  it('lets the listed landlord and renter in without module levels', () => {
    expect(allows(landlord, { roles: ['landlord', 'employee'], module: 'renters', action: 'delete' })).toBe(true);
    expect(allows(renter, { roles: ['renter', 'employee'], module: 'requests', action: 'create', needsBidAccess: true })).toBe(true);
  });
  it('asks of an employee the level the action needs in the module (read when none is named)', () => {
    const rule = { roles: ['landlord', 'employee'] as const, module: 'renters' as const };
    expect(allows(employee({ renters: 'view' }), rule)).toBe(true);
    expect(allows(employee({ renters: 'view' }), { ...rule, action: 'create' })).toBe(false);
    expect(allows(employee({ renters: 'employee' }), { ...rule, action: 'create' })).toBe(true);
    expect(allows(employee({ renters: 'creator' }), { ...rule, action: 'update' })).toBe(true);
    expect(allows(employee({ renters: 'creator' }), { ...rule, action: 'delete' })).toBe(false);
    // A module without a grant is none.
    expect(allows(employee({}), rule)).toBe(false);
    expect(allows(employee(null), rule)).toBe(false);
  });
  it('closes the requests module to an employee without bid access', () => {
    const rule = { roles: ['employee'] as const, module: 'requests' as const, needsBidAccess: true };
    expect(allows(employee({ requests: 'main' }), rule)).toBe(true);
    expect(allows(employee({ requests: 'main' }, false), rule)).toBe(false);
  });
  it('needs both modules of a page that writes two (a questionnaire made a renter)', () => {
    const team = ['landlord', 'employee'] as const;
    const rule = {
      roles: team,
      module: 'waiting_list' as const,
      action: 'update' as const,
      also: { roles: team, module: 'renters' as const, action: 'create' as const },
    };
    expect(allows(employee({ waiting_list: 'creator', renters: 'employee' }), rule)).toBe(true);
    expect(allows(employee({ waiting_list: 'creator', renters: 'view' }), rule)).toBe(false);
    expect(allows(employee({ waiting_list: 'view', renters: 'employee' }), rule)).toBe(false);
    expect(allows(landlord, rule)).toBe(true);
  });
});
