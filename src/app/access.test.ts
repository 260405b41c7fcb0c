import { describe, expect, it } from 'vitest';
import type { Viewer } from '#/shared/permissions';
import { entryOf, mayOpen } from './access';
import { paths } from './paths';

const as = (role: Viewer['role'], access: Viewer['access'] = null): Viewer => ({ role, access, hasBidAccess: true });

describe('the route table decides who may open a screen', () => {
  it('gives every signed-in route a rule and leaves public pages open', () => {
    expect(entryOf(paths.renters.create)?.access).toBeDefined();
    expect(entryOf(paths.renters.edit('r1'))?.path).toBe(paths.renters.edit.pattern);
    // Fixed paths win over `:id` ones, as in the router.
    expect(entryOf(paths.objectTypes.create)?.path).toBe(paths.objectTypes.create);
    expect(entryOf(`${paths.tasks.createFor('c1')}`)?.path).toBe(paths.tasks.create);
    expect(mayOpen(as('guest'), paths.tenants)).toBe(true);
    expect(mayOpen(as('renter'), '/no-such-page')).toBe(true);
  });
  it('offers a renter no register, no catalogue and no create page of staff', () => {
    for (const to of [
      paths.landlords.create,
      paths.employees.create,
      paths.objects.create,
      paths.requestTypes,
      paths.objectTypes.list,
      paths.renters.list,
      paths.settings,
    ]) {
      expect(mayOpen(as('renter'), to), to).toBe(false);
    }
    expect(mayOpen(as('renter'), paths.requests.create)).toBe(true);
    expect(mayOpen(as('renter'), paths.tasks.create)).toBe(false);
  });
  it('keeps the catalogues to the superadmin and a landlord’s screens to its people', () => {
    expect(mayOpen(as('landlord'), paths.objectTypes.list)).toBe(false);
    expect(mayOpen(as('landlord'), paths.objectTypes.edit('t1'))).toBe(false);
    expect(mayOpen(as('superadmin'), paths.objectTypes.create)).toBe(true);
    expect(mayOpen(as('superadmin'), paths.settings)).toBe(false);
    expect(mayOpen(as('superadmin'), paths.tasks.create)).toBe(false);
    expect(mayOpen(as('superadmin'), paths.landlords.edit('l1'))).toBe(true);
    expect(mayOpen(as('landlord'), paths.landlords.edit('l1'))).toBe(true);
  });
  it('opens an employee’s screens by its level in their module', () => {
    const viewer = as('employee', { renters: 'employee', tasks: 'executor' });
    expect(mayOpen(viewer, paths.renters.list)).toBe(true);
    expect(mayOpen(viewer, paths.renters.create)).toBe(true);
    expect(mayOpen(viewer, paths.renters.edit('r1'))).toBe(false);
    expect(mayOpen(viewer, paths.tasks.list)).toBe(true);
    expect(mayOpen(viewer, paths.tasks.create)).toBe(false);
    expect(mayOpen(viewer, paths.employees.list)).toBe(false);
  });
});
