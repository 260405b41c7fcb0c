import { useAlerts } from '#/state/alerts';
import { useI18nContext } from '../i18n/i18n-react';
import { useFormLink } from '../records/form-links';
import { Button } from '../ui';

/** An object's public questionnaire link (PUT /application-forms/link): made on first use, shown and copied. */
export function FormLinkButton({ objectId }: { objectId: string }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const mutation = useFormLink(objectId);
  const copy = () =>
    mutation.mutate(undefined, {
      onSuccess: async ({ link }) => {
        // The clipboard is refused on plain http and in some browsers: the toast still shows the link.
        await navigator.clipboard?.writeText(link).catch(() => undefined);
        alerts.add({ message: LL.waitingList.linkCopied({ link }), type: 'success' });
      },
      onError: () => alerts.add({ message: LL.waitingList.linkFailed(), type: 'error' }),
    });
  return (
    <Button size="sm" variant="ghost" loading={mutation.isPending} onClick={copy} data-testid="form-link">
      {LL.waitingList.linkButton()}
    </Button>
  );
}
