import { type } from 'arktype';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { type UserPick, useSendToEmployees } from '#/state/queries/notices';
import { FormPage } from '../../forms/FormPage';
import { rules } from '../../forms/rules';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { FileField } from '../../records/FileField';
import { documentRule, type FileError } from '../../records/files';
import { TextArea } from '../../ui';
import { RecipientsPicker } from './parts';

type Values = { message: string };

/** `/employee-notifications/create`: a message, the employees it goes to, files; sent in one request. */
export function EmployeeNotificationFormPage() {
  const { LL } = useI18nContext();
  const [, navigate] = useLocation();
  const alerts = useAlerts();
  const send = useSendToEmployees();
  const [recipients, setRecipients] = useState<UserPick[]>([]);
  const [recipientsError, setRecipientsError] = useState<string>();
  const [files, setFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<FileError[]>([]);
  const f = LL.notices.fields;
  const schema = useMemo(() => {
    const r = rules(LL);
    return type({ message: r.required().and(r.max(5000)) });
  }, [LL]);
  const { form, submit, errorOf, pageProps } = useAppForm<Values>(schema, { message: '' });
  const onSubmit = submit(async (v) => {
    if (recipients.length === 0) {
      setRecipientsError(LL.validation.required());
      return;
    }
    const sent = await send.mutateAsync({ message: v.message.trim(), recipients: recipients.map((u) => u.id), files });
    alerts.add({ message: LL.notices.sent(), type: 'success' });
    navigate(paths.employeeNotifications.view(sent.id));
  });
  return (
    <FormPage
      title={LL.notices.newNotice()}
      testId="employee-notice-form"
      {...pageProps(onSubmit)}
      back={paths.employeeNotifications.list}
      submitLabel={LL.notices.send()}
      disabled={fileErrors.length > 0}
    >
      <TextArea label={f.message()} rows={6} maxLength={5000} required {...form.register('message')} error={errorOf('message')} />
      <RecipientsPicker
        people="employee"
        label={f.recipients()}
        chosen={recipients}
        onChange={(next) => {
          setRecipients(next);
          setRecipientsError(undefined);
        }}
        error={recipientsError}
        testId="notice-recipients"
      />
      <FileField
        label={f.files()}
        name="files"
        rule={documentRule}
        onFiles={(accepted, refused) => {
          setFiles(accepted);
          setFileErrors(refused);
        }}
        errors={fileErrors}
        testId="notice-files-input"
      />
    </FormPage>
  );
}
