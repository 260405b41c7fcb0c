import { describe, expect, it } from 'vitest';
import type { AccessLevel, AccessModule } from '#/shared/access-levels';
import type { Viewer } from '#/shared/permissions';
import type { Role } from '#machines/types';
import { navFor } from './nav-items';

type Levels = Partial<Record<AccessModule, AccessLevel>>;
/** The demo employee: `creator` in every module. */
const creator: Levels = { requests: 'creator', tasks: 'creator', calendar: 'creator', waiting_list: 'creator', renters: 'creator', employees: 'creator' };
const viewer = (role: Role, access: Levels | null = role === 'employee' ? creator : null, hasBidAccess = true): Viewer => ({ role, access, hasBidAccess });
const keys = (v: Viewer) => navFor(v).map((e) => e.key);

describe('navigation by role', () => {
  it('gives a guest nothing and every signed-in role the dashboard and profile', () => {
    expect(navFor(viewer('guest'))).toEqual([]);
    for (const role of ['superadmin', 'landlord', 'employee', 'renter'] as const) {
      expect(keys(viewer(role))).toEqual(expect.arrayContaining(['dashboard', 'profile']));
    }
  });
  it('shows landlords only to the superadmin and settings only to the landlord', () => {
    expect(keys(viewer('superadmin'))).toContain('landlords');
    expect(keys(viewer('landlord'))).not.toContain('landlords');
    expect(keys(viewer('landlord'))).toContain('settings');
    expect(keys(viewer('employee'))).not.toContain('settings');
    expect(keys(viewer('renter'))).not.toContain('employees');
  });
  it('hides from an employee the modules it has no access to, and nothing from the landlord', () => {
    const access = { renters: 'none', contractors: 'view' } as const;
    expect(keys(viewer('employee', access))).not.toContain('renters');
    expect(keys(viewer('employee', access))).toEqual(expect.arrayContaining(['contractors', 'tasks', 'dashboard']));
    // A module without a grant is none.
    expect(keys(viewer('employee', access))).not.toContain('waitingList');
    expect(keys(viewer('landlord'))).toEqual(expect.arrayContaining(['renters', 'waitingList', 'employees']));
  });
  it('offers employee notifications to an employee with notification access or a notifications level, not to others', () => {
    expect(keys(viewer('employee'))).not.toContain('employeeNotifications');
    expect(keys({ ...viewer('employee'), canNotify: true })).toContain('employeeNotifications');
    expect(keys(viewer('employee', { ...creator, notifications: 'view' }))).toContain('employeeNotifications');
    expect(keys(viewer('renter'))).not.toContain('employeeNotifications');
  });
  it('offers Import to those who may import: the landlord, an employee whose renters or employees level allows creating', () => {
    expect(keys(viewer('employee', { ...creator, renters: 'employee', employees: 'view' }))).toContain('imports');
    expect(keys(viewer('employee', { ...creator, renters: 'view', employees: 'creator' }))).toContain('imports');
    expect(keys(viewer('employee', { ...creator, renters: 'view', employees: 'view' }))).not.toContain('imports');
    expect(keys(viewer('renter'))).not.toContain('imports');
    expect(keys(viewer('superadmin'))).not.toContain('imports');
  });
  it('offers meters to an employee by its meters level, the month’s sheet to staff and not to a renter', () => {
    expect(keys(viewer('employee'))).not.toContain('meters');
    expect(keys(viewer('employee', { ...creator, meters: 'view' }))).toEqual(expect.arrayContaining(['meters', 'meterReadings']));
    expect(keys(viewer('renter'))).toContain('meters');
    expect(keys(viewer('renter'))).not.toContain('meterReadings');
    expect(keys(viewer('superadmin'))).not.toContain('meters');
  });
  it('hides the requests module from an employee without bid access', () => {
    expect(keys(viewer('employee'))).toContain('requests');
    expect(keys(viewer('employee', creator, false))).not.toContain('requests');
  });
  it('lists each role its entries in order, each pointing at its section', () => {
    // The superadmin keeps the platform: landlords and the catalogues, not a landlord's everyday screens.
    expect(keys(viewer('superadmin'))).toEqual(['dashboard', 'landlords', 'objectTypes', 'requestTypes', 'objects', 'reports', 'statecharts', 'profile']);
    expect(keys(viewer('landlord'))).toEqual([
      'dashboard',
      'objects',
      'requests',
      'tasks',
      'quickTasks',
      'calendar',
      'waitingList',
      'renters',
      'employees',
      'contractors',
      'contracts',
      'invoices',
      'meters',
      'meterReadings',
      'notifications',
      'employeeNotifications',
      'violations',
      'reports',
      'socialLinks',
      'imports',
      'settings',
      'profile',
    ]);
    expect(keys(viewer('employee'))).toEqual([
      'dashboard',
      'requests',
      'tasks',
      'quickTasks',
      'calendar',
      'waitingList',
      'renters',
      'employees',
      'notifications',
      'imports',
      'profile',
    ]);
    expect(keys(viewer('renter'))).toEqual([
      'dashboard',
      'requests',
      'tasks',
      'quickTasks',
      'calendar',
      'contracts',
      'invoices',
      'meters',
      'notifications',
      'violations',
      'profile',
    ]);
    const hrefs = Object.fromEntries(navFor(viewer('landlord')).map((e) => [e.key, e.href]));
    expect(hrefs).toMatchObject({
      dashboard: '/home',
      requests: '/requests-journal',
      waitingList: '/application-forms',
      socialLinks: '/social-network',
    });
  });
});
