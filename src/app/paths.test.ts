import { describe, expect, it } from 'vitest';
import { entryOf } from './access';
import { paths } from './paths';
import { routeTable } from './route-table';

describe('paths and the route table', () => {
  it('builds the URLs the product has always had', () => {
    expect(paths.requests.view(42)).toBe('/requests-journal/view/42');
    expect(paths.tasks.edit('t1')).toBe('/tasks/t1/edit');
    expect(paths.quickTasks.view('q1')).toBe('/quick-tasks/q1');
    expect(paths.contractors.taskEdit('t2')).toBe('/contractors/task-edit/t2');
    expect(paths.tasks.createFor('c9')).toBe('/tasks/create?contractor=c9');
    expect(paths.waitingList.makeRenter(5)).toBe('/application-forms/5/renter');
    expect(paths.applicationForm('?l=abc')).toBe('/application-form?l=abc');
    expect(paths.socialLinks.edit(3)).toBe('/social-network/3/edit');
  });

  it('lists every path once', () => {
    const all = routeTable.map((r) => r.path);
    expect(new Set(all).size).toBe(all.length);
  });

  it('guards the signed-in screens, and leaves public pages and every unknown path (the 404 page) open', () => {
    for (const path of ['/home', '/tasks/1', '/statecharts', '/calendar', '/reset-password', '/contractors/view/7']) {
      expect(entryOf(path)?.guarded, path).toBe(true);
    }
    for (const path of ['/', '/ru', '/auth', '/auth/first-login', '/tenants', '/application-form', '/visitor-request/1', '/unsubscribe/abc']) {
      expect(entryOf(path)?.guarded, path).toBe(false);
    }
    for (const path of ['/nope', '/home/zzz', '/renters/nonsense/x', '/contractors/nope']) {
      expect(entryOf(path), path).toBeUndefined();
    }
  });
});
