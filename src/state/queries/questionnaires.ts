import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, multipart, type Schemas, unwrap } from '#/api/client';
import { usePublicRecord } from '#/lists/PublicQuery';
import { type ListParams, pageQuery } from '#/lists/useListParams';
import { useRecordMutation } from '#/records/mutations';

export type Questionnaire = Schemas['QuestionnaireListItem'];
export type QuestionnaireDetail = Schemas['QuestionnaireDetail'];
export type QuestionnaireStatus = Schemas['QuestionnaireStatus'];
export type QuestionnaireForm = Omit<Schemas['QuestionnaireForm'], 'files1' | 'files2'>;
export type QuestionnaireEvent = QuestionnaireDetail['actions'][number];
type Sort = '-created_at' | 'created_at' | 'company_name';

export const questionnaireStatusList: QuestionnaireStatus[] = ['new', 'in_process', 'waiting', 'reject'];
export const filterKeys = ['status', 'object_id'] as const;
export const questionnaireKeys = {
  all: ['questionnaires'] as const,
  one: (id: string) => ['questionnaires', 'one', id] as const,
  tenants: ['public-tenants'] as const,
  form: ['application-form'] as const,
};
/** Renters made from a questionnaire join the renters' lists (features/renters keys them under this prefix). */
const rentersKey = ['renters'] as const;

const isStatus = (v: string | undefined): v is QuestionnaireStatus => questionnaireStatusList.includes(v as QuestionnaireStatus);

export function useQuestionnaires(params: ListParams) {
  const x = params.extra ?? {};
  return useQuery({
    queryKey: [...questionnaireKeys.all, 'list', params],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/application-forms', {
          signal,
          params: {
            query: {
              ...pageQuery(params),
              sort: params.sort as Sort,
              status: isStatus(x.status) ? x.status : undefined,
              object_id: x.object_id || undefined,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useQuestionnaire(id: string) {
  return useQuery({
    queryKey: questionnaireKeys.one(id),
    queryFn: ({ signal }) => unwrap(api.GET('/application-forms/{id}', { params: { path: { id } }, signal })),
  });
}

export const useQuestionnaireTransition = (id: string) =>
  useRecordMutation(questionnaireKeys, (event: Exclude<QuestionnaireEvent, 'questionnaire.make_renter'>) => questionnaireApi.transition(id, event), {
    putsRecord: true,
  });
export const useRemoveQuestionnaire = (id: string) => useRecordMutation(questionnaireKeys, () => questionnaireApi.remove(id));

export const useMakeRenter = (id: string) =>
  useRecordMutation(questionnaireKeys, (body: Schemas['RenterCreate']) => questionnaireApi.makeRenter(id, body), { also: rentersKey });

/** The centres with a questionnaire (the public `/tenants` page). */
export function useTenants() {
  return useQuery({ queryKey: questionnaireKeys.tenants, queryFn: ({ signal }) => publicFormApi.tenants(signal) });
}

/** The centre behind a questionnaire link. */
export const useApplicationForm = (linkId: string) => usePublicRecord(questionnaireKeys.form, linkId, publicFormApi.form);

export const questionnaireApi = {
  transition: (id: string, event: Exclude<QuestionnaireEvent, 'questionnaire.make_renter'>) =>
    unwrap(api.POST('/application-forms/{id}/transitions', { params: { path: { id } }, body: { event } })),
  remove: (id: string) => unwrap(api.DELETE('/application-forms/{id}', { params: { path: { id } } })),
  makeRenter: (id: string, body: Schemas['RenterCreate']) => unwrap(api.POST('/application-forms/{id}/renter', { params: { path: { id } }, body })),
};

// The public pages' calls (no token: the visitor has no account).
export const publicFormApi = {
  tenants: (signal?: AbortSignal) => unwrap(api.GET('/public/tenants', { signal })),
  form: (linkId: string, signal?: AbortSignal) => unwrap(api.GET('/public/application-forms/{linkId}', { params: { path: { linkId } }, signal })),
  /** Multipart: the filled-in fields (empty ones left out) plus both file sets; the server judges files by their bytes. */
  send: (linkId: string, body: QuestionnaireForm, files: { files1: File[]; files2: File[] }) =>
    unwrap(api.POST('/public/application-forms/{linkId}', { params: { path: { linkId } }, ...multipart({ ...body, ...files }) })),
};
