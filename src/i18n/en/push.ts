import type { Translation } from '../i18n-types';

// Push notifications: the profile's section and the /fcm-test page.
export const push = {
  push: {
    title: 'Push notifications',
    hint: 'Notifications arrive on this device even when the tab is closed. In the app itself they are always shown.',
    states: {
      unsupported: 'This browser does not support push notifications',
      notConfigured: 'Push notifications are not set up on this server. To turn them on, ask the system administrator.',
      blocked: 'Notifications are blocked for this site in the browser settings',
      off: 'Off for this device',
      on: 'On for this device',
    },
    turnOn: 'Turn on push notifications',
    turnOff: 'Turn off push notifications',
    turnOnFailed: 'Could not turn on push notifications',
    kindsTitle: 'What to send',
    kinds: {
      request: { status: 'Request status changed', assigned: 'Request assigned to you', visitor: 'Visitor request' },
      task: {
        assigned: 'Task assigned to you',
        complete: 'Task done',
        reject: 'Task rejected',
        return: 'Task returned',
        accept: 'Task accepted',
        expire: 'Task overdue',
      },
      questionnaire: { new: 'New questionnaire' },
      notice: { renters: 'Notifications to tenants', employees: 'Notifications to employees' },
      violation: {
        issue: 'Violation issued to you',
        reject: 'Dispute rejected',
        uphold: 'Dispute upheld',
        return: 'Fix not accepted',
        confirm: 'Fix confirmed',
        acknowledge: 'Violation acknowledged',
        dispute: 'Violation disputed',
        fix: 'Violation reported fixed',
        overdue: 'Violation overdue',
      },
      contract: { expiring: 'Lease expiring', ends_soon: 'Lease ends in 30 days' },
      event: { invited: 'Event invitation', changed: 'Event changed', cancelled: 'Event cancelled', reminder: 'Event reminder' },
      invoice: { issued: 'Invoice issued', reminder: 'Payment reminder' },
      payment: { received: 'Payment received' },
      meter: { window_open: 'Readings window open', window_closing: 'Readings window closing', verification: 'Meter verification due' },
      meter_reading: { accepted: 'Reading accepted', returned: 'Reading returned', flagged: 'Reading needs checking' },
    },
    saveFailed: 'Could not save the setting',
    testLink: 'Push notification test',
    test: {
      title: 'Push notification test',
      notConfigured:
        'Push notifications are not configured on this server. Set the environment variables FCM_SERVICE_ACCOUNT, FIREBASE_WEB_CONFIG and FCM_VAPID_KEY.',
      permission: 'Browser permission',
      permissions: { default: 'not asked yet', granted: 'granted', denied: 'blocked', unsupported: 'not supported' },
      token: 'This device’s token',
      noToken: 'None: turn push notifications on in the profile',
      send: 'Send a test push to myself',
      result: 'Sent: {sent}, outdated tokens removed: {dropped}, failed: {failed}',
      body: 'Test: push notifications work on this device',
    },
  },
} satisfies Pick<Translation, 'push'>;
