import type { Translation } from '../i18n-types';

// The inbox: one sentence per kind of notification (the server keeps the kind and its values, not a text).
export const notifications = {
  notifications: {
    unreadOnly: 'Unread only',
    markAllRead: 'Mark all as read',
    empty: 'No new notifications',
    loadMore: 'Show more',
    unread: 'Unread',
    system: 'System',
    bell: 'Notifications: {count} unread',
    kinds: {
      request: {
        status: 'Request #{number}: status “{status}”',
        assigned: 'Request #{number} was assigned to you',
        visitor: 'New visitor request #{number}',
        rating: 'Request #{number} was rated {rating} of 5 — it can be reopened',
        comment: 'New comment on request #{number}',
        escalationTakeSoon: 'Request #{number} is to be taken into work by {deadline}',
        escalationTakeLate: 'Request #{number} was not taken into work in time ({deadline})',
        escalationResolveSoon: 'Request #{number} is to be resolved by {deadline}',
        escalationResolveLate: 'Request #{number} was not resolved in time ({deadline})',
      },
      task: {
        assigned: 'You have been assigned the task “{title|nested}”',
        complete: 'The task “{title|nested}” is done and awaits acceptance',
        reject: 'The task “{title|nested}” was rejected by its assignee',
        return: 'The task “{title|nested}” was returned',
        accept: 'The task “{title|nested}” was accepted',
        expire: 'The task “{title|nested}” is overdue',
      },
      questionnaire: { new: 'New questionnaire: {company}' },
      notice: { renters: 'Notification: {title}', employees: 'Notification to employees: {title}' },
      violation: {
        issue: 'Violation #{number} was issued to you',
        reject: 'Your dispute of violation #{number} was rejected',
        uphold: 'Your dispute of violation #{number} was upheld; the violation is cancelled',
        return: 'Your fix for violation #{number} was not accepted',
        confirm: 'Your fix for violation #{number} was confirmed',
        acknowledge: 'The tenant acknowledged violation #{number}',
        dispute: 'The tenant disputed violation #{number}',
        fix: 'The tenant reported violation #{number} as fixed',
        overdue: 'The deadline to fix violation #{number} has passed',
      },
      contract: {
        expiring: 'Lease #{number} expires on {ends_on}',
        ends_soon: 'Lease #{number} ends in 30 days, on {ends_on}',
      },
      event: {
        invited: 'You are invited to the event “{title|nested}” ({at})',
        changed: 'The event “{title|nested}” was changed ({at})',
        cancelled: 'The event “{title|nested}” was cancelled ({at})',
        reminder: 'Reminder: “{title|nested}” at {at}',
      },
      invoice: {
        issued: 'Invoice No. {number} for {total} ₸ issued, due by {due_on}',
        reminder_before: 'Invoice No. {number} is due in {days} days, on {due_on}: {owed} ₸ to pay',
        reminder_today: 'Today is the last day to pay invoice No. {number}: {owed} ₸ to pay',
        reminder_late: 'Invoice No. {number} is {days} days overdue: {owed} ₸ to pay',
      },
      payment: {
        received: 'Payment of {amount} ₸ received',
        received_for: 'Payment of {amount} ₸ received for invoices No. {invoices}',
        owed: '{amount} ₸ still to pay',
        credit: 'Credit {amount} ₸',
        settled: 'Nothing owed',
      },
      meter: {
        window_open: 'Submit your meter readings for {period}: {from} to {to}',
        window_closing: 'The last day to submit readings for {period} is {to}',
        verification: 'Meter {serial} is due for verification by {verified_until}',
      },
      meter_reading: {
        accepted: 'The reading of meter {serial} for {period} was accepted',
        returned: 'The reading of meter {serial} for {period} was returned: {reason}',
        flagged: 'The reading of meter {serial} for {period} ({renter}) needs checking',
      },
      unknown: 'Notification',
    },
  },
} satisfies Pick<Translation, 'notifications'>;
