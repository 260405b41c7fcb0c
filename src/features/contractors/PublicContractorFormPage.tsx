import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { ApiRequestError } from '../../api/client';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Card, EmptyState, ErrorState, FormError, Skeleton, Stack } from '../../ui';
import { PublicPage } from '#/frame/PublicPage';
import { contractorFormApi } from './api';
import { CompanyFields, type CompanyValues, companyBody, emptyCompany, useCompanySchema } from './CompanyFields';
import * as s from './contractors.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/contractor-form?landlord=<id>` (spec §2): a company applies to a landlord, without an account. */
export function PublicContractorFormPage() {
  const { LL } = useI18nContext();
  const landlordId = new URLSearchParams(useSearch()).get('landlord') ?? '';
  const valid = UUID.test(landlordId);
  const landlord = useQuery({
    queryKey: ['contractor-form', landlordId],
    queryFn: () => contractorFormApi.landlord(landlordId),
    enabled: valid,
    retry: (count, err) => !(err instanceof ApiRequestError && err.status < 500) && count < 2,
  });
  const notFound = !valid || (landlord.error instanceof ApiRequestError && landlord.error.status === 404);
  const p = LL.contractors.publicForm;

  return (
    <PublicPage width="wide" data-testid="contractor-form-page">
      {notFound ? (
        <EmptyState title={p.notFoundTitle()} text={p.notFoundText()} data-testid="contractor-form-not-found" />
      ) : landlord.isPending ? (
        <Skeleton lines={8} label={LL.common.loading()} />
      ) : landlord.isError ? (
        <ErrorState text={LL.common.loadError()} retryLabel={LL.common.retry()} onRetry={() => void landlord.refetch()} />
      ) : (
        <ApplicationForm landlordId={landlordId} landlordName={landlord.data.landlord_name} />
      )}
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
