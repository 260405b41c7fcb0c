/** The reports: each in its own file, built from the shapes of ./shape.ts; this one names them. */
import { billingReport } from './billing';
import { notificationsReport } from './notifications';
import { occupancyReport } from './occupancy';
import { requestsReport } from './requests';
import { scorecardsReport } from './scorecards';
import type { Built, Ctx, Report, ReportName } from './shape';
import { tasksReport } from './tasks';
import { violationsReport } from './violations';
import { waitingListReport } from './waiting-list';

export { platformReport } from './platform';
export type { Ctx, ReportName } from './shape';

const builders = {
  requests: requestsReport,
  tasks: tasksReport,
  waiting_list: waitingListReport,
  occupancy: occupancyReport,
  violations: violationsReport,
  notifications: notificationsReport,
  billing: billingReport,
  scorecards: scorecardsReport,
} satisfies Record<Exclude<ReportName, 'platform'>, (ctx: Ctx) => Promise<Built>>;

/** One landlord's report. */
export async function landlordReport(name: Exclude<ReportName, 'platform'>, ctx: Ctx): Promise<Report> {
  return { name, from: ctx.period.from, to: ctx.period.to, ...(await builders[name](ctx)) };
}
