import { describe, expect, it } from 'vitest';
import { navFor } from './nav-items';

const keys = (...args: Parameters<typeof navFor>) => navFor(...args).map((e) => e.key);

describe('navigation by role', () => {
  it('gives a guest nothing and every signed-in role the dashboard and profile', () => {
    expect(navFor('guest', true)).toEqual([]);
    for (const role of ['superadmin', 'landlord', 'employee', 'renter'] as const) {
      expect(keys(role, true)).toEqual(expect.arrayContaining(['dashboard', 'profile']));
    }
  });
  it('shows landlords only to the superadmin and settings only to the landlord', () => {
    expect(keys('superadmin', true)).toContain('landlords');
    expect(keys('landlord', true)).not.toContain('landlords');
    expect(keys('landlord', true)).toContain('settings');
    expect(keys('employee', true)).not.toContain('settings');
    expect(keys('renter', true)).not.toContain('employees');
  });
  it('hides from an employee the modules it has no access to, and nothing from the landlord', () => {
    const access = { renters: 'none', contractors: 'view' } as const;
    expect(keys('employee', true, access)).not.toContain('renters');
    expect(keys('employee', true, access)).toEqual(expect.arrayContaining(['contractors', 'tasks', 'dashboard']));
    // A module without a grant is none.
    expect(keys('employee', true, access)).not.toContain('waitingList');
    expect(keys('landlord', true, null)).toEqual(expect.arrayContaining(['renters', 'waitingList', 'employees']));
  });
  it('hides the requests module from an employee without bid access', () => {
    expect(keys('employee', true)).toContain('requests');
    expect(keys('employee', false)).not.toContain('requests');
  });
  it('lists each role its entries in order, each pointing at its section', () => {
    expect(keys('superadmin', true)).toEqual([
      'dashboard',
      'landlords',
      'objectTypes',
      'requestTypes',
      'requests',
      'renters',
      'employees',
      'reports',
      'statecharts',
      'profile',
    ]);
    expect(keys('landlord', true)).toEqual([
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
      'notifications',
      'reports',
      'socialLinks',
      'settings',
      'profile',
    ]);
    expect(keys('employee', true)).toEqual([
      'dashboard',
      'requests',
      'tasks',
      'quickTasks',
      'calendar',
      'waitingList',
      'renters',
      'contractors',
      'contracts',
      'notifications',
      'profile',
    ]);
    expect(keys('renter', true)).toEqual(['dashboard', 'requests', 'tasks', 'quickTasks', 'calendar', 'contracts', 'notifications', 'profile']);
    const hrefs = Object.fromEntries(navFor('landlord', true).map((e) => [e.key, e.href]));
    expect(hrefs).toMatchObject({
      dashboard: '/home',
      requests: '/requests-journal',
      waitingList: '/application-forms',
      socialLinks: '/social-network',
    });
  });
});
