import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme';

const tone = (background: string, color: string) => ({ background, color });

/**
 * The pill of every status, priority and overdue mark. One colour per state name across the machines
 * (request, task, questionnaire, record): the same name means the same stage wherever it is shown.
 */
export const badge = recipe({
  base: {
    display: 'inline-block',
    padding: `${vars.space.xxs} ${vars.space.sm}`,
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      // Started, not yet worked on.
      new: tone(vars.color.primarySoft, vars.color.primary),
      // Being worked on.
      in_progress: tone(vars.color.warningSoft, vars.color.onWarning),
      in_process: tone(vars.color.warningSoft, vars.color.onWarning),
      paused: tone(vars.color.neutral100, vars.color.neutral700),
      waiting: tone(vars.color.neutral100, vars.color.neutral700),
      // Done by the executor, waiting for the other side.
      done: tone(vars.color.successSoft, vars.color.neutral900),
      // Finished for good.
      closed: tone(vars.color.success, vars.color.onSuccess),
      accepted: tone(vars.color.success, vars.color.onSuccess),
      active: tone(vars.color.successSoft, vars.color.neutral900),
      // Refused or ended without result.
      rejected: tone(vars.color.neutral200, vars.color.neutral700),
      reject: tone(vars.color.neutral200, vars.color.neutral700),
      deleted: tone(vars.color.neutral200, vars.color.neutral700),
      // Sent back for more work.
      returned: tone(vars.color.warning, vars.color.onWarning),
      for_revision: tone(vars.color.warning, vars.color.onWarning),
      // Past the deadline.
      expired: tone(vars.color.error, vars.color.onError),
      // Prepared (a lease, a violation), nearing its end, ended early.
      draft: tone(vars.color.neutral100, vars.color.neutral700),
      expiring: tone(vars.color.warningSoft, vars.color.onWarning),
      terminated: tone(vars.color.neutral200, vars.color.neutral700),
      overdue: tone(vars.color.error, vars.color.onError),
      // Marks beside a status: where a request came from, a task's priority.
      visitor: tone(vars.color.neutral100, vars.color.textMuted),
      low: tone(vars.color.neutral100, vars.color.neutral700),
      medium: tone(vars.color.primarySoft, vars.color.primary),
      high: tone(vars.color.errorSoft, vars.color.errorText),
      // A violation's stages (a draft as a lease's): with the renter, disputed, fixed, cancelled.
      issued: tone(vars.color.primarySoft, vars.color.primary),
      acknowledged: tone(vars.color.warningSoft, vars.color.onWarning),
      disputed: tone(vars.color.warning, vars.color.onWarning),
      fixed: tone(vars.color.successSoft, vars.color.neutral900),
      cancelled: tone(vars.color.neutral200, vars.color.neutral700),
      // An import's stages: received, checked, written to the register, not checked in time, cancelled.
      uploaded: tone(vars.color.neutral100, vars.color.neutral700),
      checked: tone(vars.color.primarySoft, vars.color.primary),
      committed: tone(vars.color.success, vars.color.onSuccess),
      failed: tone(vars.color.error, vars.color.onError),
      discarded: tone(vars.color.neutral200, vars.color.neutral700),
      // An invoice's stages beyond those above (draft, issued, overdue): part paid, paid in full, void.
      partly_paid: tone(vars.color.warningSoft, vars.color.onWarning),
      paid: tone(vars.color.success, vars.color.onSuccess),
      void: tone(vars.color.neutral200, vars.color.neutral700),
      // A meter's reading: sent by the tenant and waiting for staff (accepted, returned as above); none yet; a check to look at.
      submitted: tone(vars.color.primarySoft, vars.color.primary),
      missing: tone(vars.color.neutral100, vars.color.neutral700),
      flagged: tone(vars.color.errorSoft, vars.color.errorText),
    },
  },
});

export type BadgeTone = NonNullable<NonNullable<RecipeVariants<typeof badge>>['tone']>;
