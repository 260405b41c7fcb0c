import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../../api/client';
import type { ListParams } from '../../lists/useListParams';

export type Employee = Schemas['Employee'];
export type EmployeeInput = Schemas['EmployeeInput'];
export type EmployeeSort = 'full_name' | '-full_name' | 'created_at' | '-created_at';

export const employeeKeys = { all: ['employees'] as const, one: (id: string) => ['employees', 'one', id] as const };

export function useEmployees(params: ListParams) {
  return useQuery({
    queryKey: [...employeeKeys.all, 'list', params],
    queryFn: () =>
      unwrap(
        api.GET('/employee', {
          params: { query: { page: params.page, limit: params.limit, search: params.search || undefined, status: params.status, sort: params.sort as EmployeeSort } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useEmployee(id: string) {
  return useQuery({ queryKey: employeeKeys.one(id), queryFn: () => unwrap(api.GET('/employee/{id}', { params: { path: { id } } })) });
}

export const employeeApi = {
  create: (body: Schemas['EmployeeCreate']) => unwrap(api.POST('/employee', { body })),
  update: (id: string, body: EmployeeInput) => unwrap(api.PUT('/employee/{id}', { params: { path: { id } }, body })),
  remove: (id: string) => unwrap(api.DELETE('/employee/{id}', { params: { path: { id } } })),
  restore: (id: string) => unwrap(api.PUT('/employee/{id}/restore', { params: { path: { id } } })),
  exportXlsx: (filter: { search?: string; status: 'active' | 'deleted' }) =>
    unwrap(api.POST('/download/excel/employee', { body: filter, parseAs: 'blob' })) as Promise<Blob>,
};
