import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { useAppForm } from '../../forms/useAppForm';
import { QueryPage } from '../../lists/QueryPage';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Card, FormError, Page, Row, Stack } from '../../ui';
import { useAlerts } from '#/state/alerts';
import { type Contractor, contractorApi, contractorKeys, useContractor } from './api';
import { CompanyFields, type CompanyValues, companyBody, emptyCompany, useCompanySchema } from './CompanyFields';
import { paths } from '#/app/paths';

/** `/contractors/edit/{id}`: loads the contractor, then the same form as create. */
export function ContractorEditPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useContractor(id);
  const title = LL.contractors.editTitle();
  return <QueryPage title={title} query={query} lines={8}>{(data) => <ContractorFormPage contractor={data} />}</QueryPage>;
}

/** `/contractors/create` and the edit page: one form, validated as the user types (arktype). */
export function ContractorFormPage({ contractor }: { contractor?: Contractor }) {
  const { LL } = useI18nContext();
  const [, navigate] = useLocation();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const schema = useCompanySchema();
  const initial: CompanyValues = contractor
    ? { ...emptyCompany, ...Object.fromEntries(Object.keys(emptyCompany).map((k) => [k, contractor[k as keyof CompanyValues] ?? ''])) }
    : emptyCompany;
  const { form, status, submit, errorOf } = useAppForm<CompanyValues>(schema, initial);

  const onSubmit = submit(async (values) => {
    const saved = contractor ? await contractorApi.update(contractor.id, companyBody(values)) : await contractorApi.create(companyBody(values));
    await queryClient.invalidateQueries({ queryKey: contractorKeys.all });
    alerts.add({ message: contractor ? LL.list.saved() : LL.list.created(), type: 'success' });
    navigate(paths.contractors.view(saved.id));
  });

  return (
    <Page title={contractor ? LL.contractors.editTitle() : LL.contractors.createTitle()} data-testid="contractor-form">
      <Card>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            <CompanyFields form={form} errorOf={errorOf} />
            <FormError message={status?.message} tone={status?.tone} />
            <Row gap="md">
              <Button type="submit" loading={form.formState.isSubmitting}>
                {LL.list.save()}
              </Button>
              <Button variant="secondary" onClick={() => navigate(contractor ? paths.contractors.view(contractor.id) : paths.contractors.list)}>
                {LL.list.cancel()}
              </Button>
            </Row>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
