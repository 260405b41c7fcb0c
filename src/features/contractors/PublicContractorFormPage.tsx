import { useState } from 'react';
import { useSearch } from 'wouter';
import { PublicPage } from '#/frame/PublicPage';
import { contractorFormApi, useContractorForm } from '#/state/queries/contractors';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { PublicQuery } from '../../lists/PublicQuery';
import { Button, Card, FormError, Stack } from '../../ui';
import { CompanyFields, type CompanyValues, companyBody, emptyCompany, useCompanySchema } from './CompanyFields';
import * as s from './contractors.css';

/** `/contractor-form?landlord=<id>` a company applies to a landlord, without an account. */
export function PublicContractorFormPage() {
  const landlordId = new URLSearchParams(useSearch()).get('landlord') ?? '';
  const { query, notFound } = useContractorForm(landlordId);
  const p = useI18nContext().LL.contractors.publicForm;
  return (
    <PublicPage width="wide" data-testid="contractor-form-page">
      <PublicQuery query={query} lines={8} notFound={{ show: notFound, title: p.notFoundTitle(), text: p.notFoundText(), testId: 'contractor-form-not-found' }}>
        {(landlord) => <ApplicationForm landlordId={landlordId} landlordName={landlord.landlord_name} />}
      </PublicQuery>
    </PublicPage>
  );
}

function ApplicationForm({ landlordId, landlordName }: { landlordId: string; landlordName: string }) {
  const { LL } = useI18nContext();
  const p = LL.contractors.publicForm;
  const schema = useCompanySchema();
  const { form, status, submit, errorOf } = useAppForm<CompanyValues>(schema, emptyCompany);
  const [sent, setSent] = useState(false);
  const onSubmit = submit(async (values) => {
    await contractorFormApi.apply(landlordId, companyBody(values));
    form.reset(emptyCompany);
    setSent(true);
  }, p.failure());

  return (
    <Card title={p.title()} data-testid="contractor-application-form">
      <Stack gap="lg">
        <p>{p.intro({ landlord: landlordName })}</p>
        {sent ? (
          <Stack gap="md" align="flex-start">
            <FormError tone="success" message={p.success()} />
            <Button variant="secondary" onClick={() => setSent(false)}>
              {p.another()}
            </Button>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="lg">
              <CompanyFields form={form} errorOf={errorOf} />
              <FormError message={status?.message} tone={status?.tone} />
              <Button type="submit" loading={form.formState.isSubmitting}>
                {p.submit()}
              </Button>
            </Stack>
          </form>
        )}
        <p className={s.muted}>{p.workingHours()}</p>
      </Stack>
    </Card>
  );
}
