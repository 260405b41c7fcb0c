import { paths } from '#/app/paths';
import { type Contractor, useContractor, useSaveContractor } from '#/state/queries/contractors';
import { FormPage, useAfterSave } from '../../forms/FormPage';
import { useAppForm, valuesFrom } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { CompanyFields, type CompanyValues, companyBody, emptyCompany, useCompanySchema } from './CompanyFields';

/** `/contractors/edit/{id}`: loads the contractor, then the same form as create. */
export function ContractorEditPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useContractor(id);
  const title = LL.contractors.editTitle();
  return (
    <QueryPage title={title} query={query} lines={8}>
      {(data) => <ContractorFormPage contractor={data} />}
    </QueryPage>
  );
}

/** `/contractors/create` and the edit page: one form, validated as the user types (arktype). */
export function ContractorFormPage({ contractor }: { contractor?: Contractor }) {
  const { LL } = useI18nContext();
  const done = useAfterSave();
  const save = useSaveContractor(contractor?.id);
  const schema = useCompanySchema();
  const initial: CompanyValues = contractor ? valuesFrom(emptyCompany, contractor) : emptyCompany;
  const { form, submit, errorOf, pageProps } = useAppForm<CompanyValues>(schema, initial);

  const onSubmit = submit(async (values) => {
    const saved = await save.mutateAsync(companyBody(values));
    done(!contractor, paths.contractors.view(saved.id));
  });

  return (
    <FormPage
      title={contractor ? LL.contractors.editTitle() : LL.contractors.createTitle()}
      testId="contractor-form"
      {...pageProps(onSubmit)}
      back={contractor ? paths.contractors.view(contractor.id) : paths.contractors.list}
    >
      <CompanyFields form={form} errorOf={errorOf} />
    </FormPage>
  );
}
