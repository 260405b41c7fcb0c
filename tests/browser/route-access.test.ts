import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { mayOpen } from '#/app/access';
import { routeTable } from '#/app/route-table';
import type { Viewer } from '#/shared/permissions';
import { users } from '#server/db/schema';
import { Harness } from '../support/api-harness';
import { signIn, useBrowser } from '../support/browser';
import { callImports, fillTemplate, uploadImport } from '../support/imports';
import { submit } from '../support/questionnaires';
import { createAsRenter, firstRenterType } from '../support/requests';
import { contractorOf, createTask } from '../support/tasks';
import { createViolation, violationInputs } from '../support/violations';

// Every signed-in route of the route table, opened by every demo role: the page shows its content, or
// the guard sends the role Home; never a "no rights" page or an error toast for a screen it is offered.
const roles = ['superadmin', 'landlord', 'employee', 'renter'] as const;
type DemoRole = (typeof roles)[number];

describe('every route for every role', () => {
  const ctx = useBrowser({ pagePerTest: false });
  const api = new Harness('pglite');
  const sessions = {} as Record<DemoRole, { context: BrowserContext; page: Page; viewer: Viewer }>;
  /** A real record of the first landlord for each `:param` of the table. */
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api.baseUrl = ctx.h.baseUrl;
    api.db = ctx.h.db;
    const token = Object.fromEntries(await Promise.all(roles.map(async (r) => [r, await api.login(r)] as const))) as Record<DemoRole, string>;
    const first = async (path: string, as: DemoRole) => (await api.api(path, { token: token[as] })).body.data[0].id as string;
    // Tasks given to the renter: the landlord, the employee and the renter all see them.
    const [renterUser] = await api.db.select({ id: users.id }).from(users).where(eq(users.username, 'renter'));
    const typeId = await firstRenterType(api, token.renter);
    const objectId = await first('/objects', 'landlord');
    const link = (await api.api('/application-forms/link', { method: 'PUT', token: token.landlord, body: { object_id: objectId } })).body.link as string;
    const social = await api.api('/social-networks', { token: token.landlord, body: { network: 'instagram', url: 'https://instagram.com/mall' } });
    Object.assign(ids, {
      typeId,
      objectId,
      landlordId: (await api.api('/user', { token: token.landlord })).body.landlord_id,
      objectTypeId: await first('/object-types', 'superadmin'),
      renterId: await first('/renters', 'landlord'),
      employeeId: await first('/employee', 'landlord'),
      requestId: (await createAsRenter(api, token.renter, typeId)).id,
      // Given by the employee, so both it and the landlord are on the creator's side and may edit them.
      taskId: (await createTask(api, token.employee, { executor_user_id: renterUser?.id })).id,
      quickTaskId: (await createTask(api, token.employee, { executor_user_id: renterUser?.id, kind: 'quick' })).id,
      contractorId: await contractorOf(api, 'landlord'),
      questionnaireId: (await submit(api, new URL(link).searchParams.get('l') as string)).body.id,
      socialLinkId: social.body.id,
      noticeId: await sendForm('/notices', token.landlord, {
        title: 'Санитарный день',
        message: 'Центр закрыт',
        target: 'renters',
        'recipients[0]': renterUser?.id ?? '',
      }),
      employeeNoticeId: await sendForm('/employee-notifications', token.landlord, {
        message: 'Планёрка',
        'recipients[0]': (await api.api('/user', { token: token.employee })).body.id,
      }),
    });
    // A violation issued to the renter (the renter sees it) and a draft (staff edit it).
    const inputs = await violationInputs(api, token.employee);
    const violation = { renter_id: inputs.renterId, type_id: inputs.typeId, occurred_at: '2026-11-20T10:00:00Z', description: 'Товар в проходе' };
    ids.violationId = (await createViolation(api, token.employee, violation)).id;
    await api.api(`/violations/${ids.violationId}/transitions`, { token: token.employee, body: { event: 'violation.issue' } });
    ids.violationDraftId = (await createViolation(api, token.employee, violation)).id;
    // A draft lease of the renter, so that it is also editable (/contracts/edit/:id).
    const room = (await api.api(`/objects/${objectId}/rooms`, { token: token.landlord })).body[0].id as string;
    const lease = await api.api('/contracts', {
      token: token.landlord,
      body: { number: 'Д-1', renter_id: ids.renterId, room_ids: [room], starts_on: '2026-01-01', ends_on: '2026-12-31', rate: '1000' },
    });
    ids.contractId = lease.body.id;
    // A checked import of tenants (its one row wrong: the card is what matters here).
    const template = await callImports(api, token.landlord, '/import-templates/tenants');
    ids.importId = (await uploadImport(api, token.landlord, 'tenants', await fillTemplate(template.bytes, [['123']]), 'tenants.xlsx')).body.id;
    // A meter of the renter's unit with a reading staff entered (accepted as written): its page and the reading's.
    const renterRoom = (await api.api('/renters/me', { token: token.renter })).body.room as { id: string; object_id: string };
    const meter = await api.api('/meters', {
      token: token.landlord,
      body: { object_id: renterRoom.object_id, room_id: renterRoom.id, type: 'electricity', serial: 'RA-1', installed_on: '2026-01-01' },
    });
    const meterId = meter.body.id as string;
    Object.assign(ids, { meterId, readingId: await sendForm('/meter-readings', token.landlord, { meter_id: meterId, value: '10' }) });
    // Taken into work, so that it can become a renter (the form of /application-forms/:id/renter).
    await api.api(`/application-forms/${ids.questionnaireId}/transitions`, { token: token.landlord, body: { event: 'questionnaire.process' } });
    for (const role of roles) {
      const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      await signIn(page, role);
      const user = (await api.api('/user', { token: token[role] })).body;
      sessions[role] = { context, page, viewer: { role, access: role === 'employee' ? user.access : null, hasBidAccess: true } };
    }
  });

  /** A multipart POST (a notice, a reading); the id it answers. */
  async function sendForm(path: string, token: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(`${ctx.h.baseUrl}/api${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { id: string }).id;
  }

  /** The URL of a route with the record its parameter names. */
  const urlOf = (path: string) =>
    path.replace(/:(\w+)/, (_, param: string) => {
      const section = path.split('/')[1];
      const byParam: Record<string, string> = { typeId: 'typeId', bidId: 'requestId' };
      const bySection: Record<string, string> = {
        landlords: 'landlordId',
        'type-object': 'objectTypeId',
        objects: 'objectId',
        tasks: 'taskId',
        'quick-tasks': 'quickTaskId',
        'application-forms': 'questionnaireId',
        renters: 'renterId',
        employees: 'employeeId',
        contractors: path.includes('task-edit') ? 'taskId' : 'contractorId',
        'social-network': 'socialLinkId',
        notifications: 'noticeId',
        'employee-notifications': 'employeeNoticeId',
        violations: path.endsWith('/edit') ? 'violationDraftId' : 'violationId',
        contracts: 'contractId',
        imports: 'importId',
        meters: 'meterId',
        'meter-readings': 'readingId',
      };
      return ids[byParam[param] ?? bySection[section ?? ''] ?? ''] ?? 'missing';
    });

  /** An in-app navigation (as a link does), then the page once its data has settled. */
  async function open(page: Page, url: string) {
    await page.evaluate((to) => {
      for (const h of document.querySelectorAll('h1')) h.setAttribute('data-stale', '');
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
    await page.waitForFunction(
      () =>
        document.querySelector('h1:not([data-stale])') !== null &&
        document.querySelector('[data-testid="skeleton"], [data-testid="spinner"], [aria-busy="true"]') === null,
      undefined,
      { timeout: 10_000 },
    );
    // A refusal or an error toast arrives with the page's first answers: give them a moment.
    await page.waitForTimeout(150);
  }

  const guardedRoutes = routeTable.filter((r) => r.guarded && !r.path.startsWith('/home'));

  for (const role of roles) {
    it(`${role}: each route renders its content or sends the role Home`, async () => {
      const { page, viewer } = sessions[role];
      const problems: string[] = [];
      for (const route of guardedRoutes) {
        const url = urlOf(route.path);
        const settled = await open(page, url).then(
          () => true,
          () => false,
        );
        if (!settled) {
          problems.push(`${url}: never settled at ${new URL(page.url()).pathname}: ${(await page.locator('main').textContent())?.slice(0, 200)}`);
          continue;
        }
        const where = new URL(page.url()).pathname;
        const allowed = mayOpen(viewer, url);
        if (!allowed) {
          if (where !== '/home') problems.push(`${url}: expected Home, stayed at ${where}`);
          continue;
        }
        if (where !== url.split('?')[0]) problems.push(`${url}: sent to ${where}`);
        if (await page.getByTestId('no-access').count()) problems.push(`${url}: no access page`);
        if (await page.getByTestId('error-state').count()) problems.push(`${url}: error ${await page.getByTestId('error-state').first().textContent()}`);
        const errors = page.locator('[data-testid="toast"][data-type="error"]');
        if (await errors.count()) {
          problems.push(`${url}: error toast ${await errors.first().textContent()}`);
          await page.getByTestId('toast-close').first().click();
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('sends a renter Home from the staff registers and catalogues it used to be offered', async () => {
    const { page } = sessions.renter;
    for (const url of ['/landlords/create', '/employees/create', '/objects/create', '/request-types', '/type-object', '/type-object/create']) {
      await open(page, url);
      expect(new URL(page.url()).pathname, url).toBe('/home');
    }
    // Nor does its navigation or Home offer them.
    for (const key of ['landlords', 'employees', 'objects', 'objectTypes', 'requestTypes', 'settings']) {
      expect(await page.getByTestId(`nav-${key}`).count(), key).toBe(0);
    }
  });

  // Whose POST the server accepts (tests/api/route-access.test.ts holds the 403 of the others).
  const creators: { list: string; mayCreate: readonly DemoRole[] }[] = [
    { list: '/landlords', mayCreate: ['superadmin'] },
    { list: '/type-object', mayCreate: ['superadmin'] },
    { list: '/objects', mayCreate: ['superadmin', 'landlord'] },
    { list: '/renters', mayCreate: ['landlord', 'employee'] },
    { list: '/employees', mayCreate: ['landlord', 'employee'] },
    { list: '/contractors', mayCreate: ['landlord', 'employee'] },
    { list: '/social-network', mayCreate: ['landlord', 'employee'] },
  ];

  it('offers the create button of a register only to a role whose POST the server accepts', async () => {
    for (const role of roles) {
      const { page } = sessions[role];
      for (const { list, mayCreate } of creators) {
        await open(page, list);
        const shown = new URL(page.url()).pathname === list && (await page.getByRole('button', { name: 'Добавить', exact: true }).count()) > 0;
        expect(shown, `${role} ${list}`).toBe(mayCreate.includes(role));
      }
      await open(page, '/request-types');
      expect(await page.getByTestId('request-type-form').count(), `${role} /request-types`).toBe(role === 'superadmin' ? 1 : 0);
    }
  });

  it('offers on Home only tiles of screens the role may open and that exist', async () => {
    const screens = new Set(routeTable.map((r) => r.path));
    for (const role of roles) {
      const { page, viewer } = sessions[role];
      await page.goto('/home');
      await page.locator('[data-testid^="tile-"]').first().waitFor();
      const hrefs = await page.locator('[data-testid^="tile-"][href]').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('href') ?? ''));
      expect(hrefs.length, role).toBeGreaterThan(0);
      for (const href of hrefs) {
        expect(mayOpen(viewer, href) && screens.has(href), `${role} ${href}`).toBe(true);
      }
    }
  });

  it("counts on the renter's tasks tile what the tasks list shows it (its quick task has its own list)", async () => {
    const { page } = sessions.renter;
    await page.goto('/home');
    await page.getByTestId('tile-tasks').getByTestId('tile-badge').waitFor();
    await expect(page.getByTestId('tile-tasks').getByTestId('tile-badge').textContent()).resolves.toBe('1');
    await page.getByTestId('tile-tasks').click();
    await page.waitForURL('**/tasks');
    await page.getByTestId('data-row').first().waitFor();
    await expect.poll(() => page.getByTestId('data-row').count()).toBe(1);
  });
});
