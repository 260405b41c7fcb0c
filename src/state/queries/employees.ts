import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';
import { type ListParams, pageQuery } from '#/lists/useListParams';
import { type MutationCallbacks, type StatusChange, useRefreshMutation, useStatusMutation } from '#/records/mutations';

export type Employee = Schemas['Employee'];
export type EmployeeInput = Schemas['EmployeeInput'];
export type EmployeeSort = 'full_name' | '-full_name' | 'created_at' | '-created_at';

// The pickers' list sits under `all`, so a change refreshes it too.
export const employeeKeys = { all: ['employees'] as const, one: (id: string) => ['employees', 'one', id] as const, options: ['employees', 'options'] as const };

export function useEmployees(params: ListParams) {
  return useQuery({
    queryKey: [...employeeKeys.all, 'list', params],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/employee', {
          params: { query: { ...pageQuery(params), status: params.status, sort: params.sort as EmployeeSort } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useEmployee(id: string) {
  return useQuery({
    queryKey: employeeKeys.one(id),
    queryFn: ({ signal }) => unwrap(api.GET('/employee/{id}', { params: { path: { id } }, signal })),
  });
}

/** Create (no id) or update one employee; the login is only given at creation. */
export const useSaveEmployee = (id?: string) =>
  useRefreshMutation([employeeKeys.all], ({ username, ...input }: Schemas['EmployeeCreate']) =>
    id ? employeeApi.update(id, input) : employeeApi.create({ ...input, username }),
  );

export const useEmployeeStatus = (on?: MutationCallbacks<StatusChange>) => useStatusMutation(employeeKeys.all, employeeApi, on);

export const employeeApi = {
  create: (body: Schemas['EmployeeCreate']) => unwrap(api.POST('/employee', { body })),
  update: (id: string, body: EmployeeInput) => unwrap(api.PUT('/employee/{id}', { params: { path: { id } }, body })),
  remove: (id: string) => unwrap(api.DELETE('/employee/{id}', { params: { path: { id } } })),
  restore: (id: string) => unwrap(api.PUT('/employee/{id}/restore', { params: { path: { id } } })),
  exportXlsx: (filter: { search?: string; status: 'active' | 'deleted' }) =>
    unwrap(api.POST('/download/excel/employee', { body: filter, parseAs: 'blob' })) as Promise<Blob>,
};

/** Every active employee of the landlord (no page: the server answers the whole short list). */
export function useEmployeeOptions(enabled = true) {
  return useQuery({ queryKey: employeeKeys.options, queryFn: ({ signal }) => unwrap(api.GET('/employee/all', { signal })), enabled });
}
