import { describe, expect, it } from 'vitest';
import type { ListParams } from '#/lists/useListParams';
import { entityOf, importableBy, importScreenRule } from '#/shared/imports';
import type { Viewer } from '#/shared/permissions';
import { allows } from '#/shared/permissions';
import { employeeKeys } from './employees';
import { filterOf, importKeys, keysRefreshedBy } from './imports';
import { objectKeys } from './objects';
import { renterKeys } from './renters';
import { reportKeys } from './reports';

const viewer = (role: Viewer['role'], renters?: 'none' | 'view' | 'executor' | 'employee' | 'creator'): Viewer => ({
  role,
  access: role === 'employee' ? (renters ? { renters } : {}) : null,
  hasBidAccess: true,
});
const params = (extra: Record<string, string>): ListParams => ({ page: 1, limit: 20, search: '', status: 'active', sort: '-created_at', extra });

describe('who may import what (the server: the landlord; an employee by its register level at create)', () => {
  it('the landlord imports every entity', () => {
    expect(importableBy(viewer('landlord'))).toEqual(['tenants', 'units', 'employees', 'leases', 'bank_statement', 'meters', 'meter_readings']);
  });

  it('an employee imports tenants from the renters level that allows creating, never units', () => {
    expect(importableBy(viewer('employee', 'employee'))).toEqual(['tenants']);
    expect(importableBy(viewer('employee', 'creator'))).toEqual(['tenants']);
    expect(importableBy(viewer('employee', 'view'))).toEqual([]);
    expect(importableBy(viewer('employee', 'executor'))).toEqual([]);
    expect(importableBy(viewer('employee'))).toEqual([]);
  });

  it('an employee imports meters from the meters level that allows creating, readings only from the one that allows editing', () => {
    const meters = (level: 'view' | 'employee' | 'creator'): Viewer => ({ role: 'employee', access: { meters: level }, hasBidAccess: true });
    expect(importableBy(meters('view'))).toEqual([]);
    expect(importableBy(meters('employee'))).toEqual(['meters']);
    expect(importableBy(meters('creator'))).toEqual(['meters', 'meter_readings']);
  });

  it('the import screens open to whoever may import at least one entity', () => {
    expect(allows(viewer('landlord'), importScreenRule)).toBe(true);
    expect(allows(viewer('employee', 'employee'), importScreenRule)).toBe(true);
    expect(allows(viewer('employee', 'view'), importScreenRule)).toBe(false);
    expect(allows(viewer('renter'), importScreenRule)).toBe(false);
    expect(allows(viewer('superadmin'), importScreenRule)).toBe(false);
  });

  it('renters and the superadmin import nothing', () => {
    expect(importableBy(viewer('renter'))).toEqual([]);
    expect(importableBy(viewer('superadmin'))).toEqual([]);
  });
});

describe('the address of the import screens', () => {
  it('an entity in the address counts only when the viewer may import it', () => {
    expect(entityOf('units', ['tenants', 'units'])).toBe('units');
    expect(entityOf('units', ['tenants'])).toBe('tenants');
    expect(entityOf(null, ['tenants', 'units'])).toBe('tenants');
    expect(entityOf('tenants', [])).toBeUndefined();
  });

  it('the history filters keep the contract values and drop the rest', () => {
    expect(filterOf(params({ entity: 'units', status: 'committed' }))).toEqual({ entity: 'units', status: 'committed' });
    expect(filterOf(params({ entity: 'contracts', status: 'done' }))).toEqual({ entity: undefined, status: undefined });
  });
});

describe('what an action on an import refreshes', () => {
  it('a commit refreshes the imports, the register it wrote and the occupancy it changed; a discard only the imports', () => {
    expect(keysRefreshedBy('import.commit', 'tenants')).toEqual([importKeys.all, renterKeys.all, reportKeys.all]);
    expect(keysRefreshedBy('import.commit', 'units')).toEqual([importKeys.all, objectKeys.all, renterKeys.all, reportKeys.all]);
    expect(keysRefreshedBy('import.commit', 'employees')).toEqual([importKeys.all, employeeKeys.all]);
    expect(keysRefreshedBy('import.discard', 'tenants')).toEqual([importKeys.all]);
  });
});
