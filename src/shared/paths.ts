/**
 * Every URL of the product, written once: the route table matches `.pattern`, links and
 * navigations call the builders. This file imports nothing, so any layer may use it.
 */
type Id = string | number;
export type PathBuilder = ((value: Id) => string) & { pattern: string };

/** A path with one `:param`; the builder puts the value in its place. */
function withParam(pattern: string): PathBuilder {
  const build = (value: Id) => pattern.replace(/:\w+/, encodeURIComponent(String(value)));
  return Object.assign(build, { pattern });
}

export const paths = {
  landing: '/',
  landingRu: '/ru',
  terms: '/terms-of-service',
  privacy: '/privacy-policy',
  test: '/test',
  contractorForm: '/contractor-form',
  visitorRequest: withParam('/visitor-request/:objectId'),
  tenants: '/tenants',
  /** The public questionnaire; `search` is the centre's link query (`?l=...`). */
  applicationForm: Object.assign((search = '') => `/application-form${search}`, { pattern: '/application-form' }),
  auth: {
    login: '/auth',
    restore: '/auth/restore-password',
    reset: '/auth/refresh-password',
    firstLogin: '/auth/first-login',
  },
  /** A notification mail's unsubscribe link (server/mail/unsubscribe.ts): asks, then turns that kind's e-mail off. */
  unsubscribe: withParam('/unsubscribe/:token'),
  home: '/home',
  homeIndex: '/home/index',
  profile: '/profile',
  resetPassword: '/reset-password',
  landlords: { list: '/landlords', create: '/landlords/create', edit: withParam('/landlords/update/:id') },
  objectTypes: { list: '/type-object', create: '/type-object/create', edit: withParam('/type-object/:id') },
  requestTypes: '/request-types',
  objects: { list: '/objects', create: '/objects/create', edit: withParam('/objects/:id') },
  requests: {
    list: '/requests-journal',
    create: '/requests-journal/create',
    createOfType: withParam('/requests-journal/create/:typeId'),
    edit: withParam('/requests-journal/edit/:bidId'),
    view: withParam('/requests-journal/view/:bidId'),
  },
  tasks: {
    list: '/tasks',
    create: '/tasks/create',
    /** `/tasks/create?contractor=<id>`: the form with that contractor picked. */
    createFor: (contractorId: Id) => `/tasks/create?contractor=${encodeURIComponent(String(contractorId))}`,
    edit: withParam('/tasks/:id/edit'),
    view: withParam('/tasks/:id'),
  },
  quickTasks: {
    list: '/quick-tasks',
    create: '/quick-tasks/create',
    edit: withParam('/quick-tasks/:id/edit'),
    view: withParam('/quick-tasks/:id'),
  },
  calendar: '/calendar',
  /** The calendar with one event open (a notification's link). */
  calendarEvent: (eventId: Id) => `/calendar?event=${encodeURIComponent(String(eventId))}`,
  waitingList: {
    list: '/application-forms',
    view: withParam('/application-forms/:id'),
    makeRenter: withParam('/application-forms/:id/renter'),
  },
  renters: { list: '/renters', create: '/renters/create', view: withParam('/renters/view/:id'), edit: withParam('/renters/update/:id') },
  employees: { list: '/employees', create: '/employees/create', edit: withParam('/employees/update/:id') },
  contractors: {
    list: '/contractors',
    applications: '/contractors/applications',
    create: '/contractors/create',
    view: withParam('/contractors/view/:id'),
    edit: withParam('/contractors/edit/:id'),
    /** A task given to a contractor is edited under the contractors section. */
    taskEdit: withParam('/contractors/task-edit/:id'),
  },
  contracts: {
    list: '/contracts',
    rentRoll: '/contracts/rent-roll',
    create: '/contracts/create',
    /** `/contracts/create?renter=&object=&room=&starts_on=`: the form prefilled for a renter in a unit with no lease on file. */
    createFor: (f: { renter: Id; object: Id; room: Id; startsOn: string }) =>
      `/contracts/create?${new URLSearchParams({ renter: String(f.renter), object: String(f.object), room: String(f.room), starts_on: f.startsOn })}`,
    view: withParam('/contracts/view/:id'),
    edit: withParam('/contracts/edit/:id'),
  },
  violations: {
    list: '/violations',
    create: '/violations/create',
    view: withParam('/violations/:id'),
    edit: withParam('/violations/:id/edit'),
  },
  notifications: '/notifications',
  reports: '/reports',
  socialLinks: { list: '/social-network', create: '/social-network/create', edit: withParam('/social-network/:id/edit') },
  /** The import page (upload and check), the history of imports, one import's card. */
  imports: { page: '/imports', history: '/imports/history', view: withParam('/imports/:id') },
  /** Invoices (staff's and a tenant's own), one invoice, the month's billing run. */
  invoices: {
    list: '/invoices',
    view: withParam('/invoices/:id'),
    run: '/invoices/run',
    arrears: '/invoices/arrears',
    statement: '/invoices/statement',
    bank: '/invoices/bank',
  },
  /** Meters (staff's register, a tenant's own with its "submit a reading"), one meter, the tenant's phone form; `of` the register narrowed to a property or a unit. */
  meters: {
    list: '/meters',
    of: (f: { objectId: Id; roomId?: Id | null }) =>
      `/meters?${new URLSearchParams({ object_id: String(f.objectId), ...(f.roomId ? { room_id: String(f.roomId) } : {}) })}`,
    submit: '/meters/submit',
    /** `/meters/submit?meter_id=`: the form with that meter picked. */
    submitFor: (meterId: Id) => `/meters/submit?meter_id=${encodeURIComponent(String(meterId))}`,
    view: withParam('/meters/:id'),
  },
  /** The month's sheet of readings, one reading. */
  meterReadings: { list: '/meter-readings', view: withParam('/meter-readings/:id') },
  settings: '/settings',
  statecharts: '/statecharts',
  fcmTest: '/fcm-test',
  /** Notices: to renters under the inbox's /notifications, a received one opened from the inbox; to employees apart (/employee-notifications). */
  notices: { renters: '/notifications/renters', create: '/notifications/renters/create', view: withParam('/notifications/notice/:id') },
  employeeNotifications: { list: '/employee-notifications', create: '/employee-notifications/create', view: withParam('/employee-notifications/:id') },
} as const;
