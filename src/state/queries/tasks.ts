import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, multipart, type Schemas, unwrap } from '#/api/client';
import { type ListParams, pageQuery } from '#/lists/useListParams';
import { useRecordMutation } from '#/records/mutations';
import { type Person, usePeople } from '#/state/queries/people';

export type TaskItem = Schemas['TaskListItem'];
export type TaskDetail = Schemas['TaskDetail'];
export type TaskKind = Schemas['TaskKind'];
export type TaskStatus = Schemas['TaskStatus'];
export type TaskPriority = Schemas['TaskPriority'];
export type TaskEventType = Schemas['TaskEventType'];
export type TaskBox = 'incoming' | 'outgoing' | 'all';
export type TaskState = 'current' | 'completed';

export const priorityList: TaskPriority[] = ['low', 'medium', 'high'];
export const taskSorts = ['deadline_at', '-deadline_at', '-created_at'] as const;
/** The lists' own filters, kept in the address beside page and search (tab, box, priority, audience). */
export const filterKeys = ['state', 'box', 'priority', 'to'] as const;
/** Statuses that no longer run against a deadline. */
const closed: TaskStatus[] = ['done', 'accepted', 'rejected', 'expired'];

const path = (id: string) => ({ params: { path: { id } } });

export const taskKeys = {
  all: ['tasks'] as const,
  one: (id: string) => ['tasks', 'one', id] as const,
  // Not under `all`: a task's change does not change who may be given one.
  executors: (kind: TaskKind, search: string) => ['task-executors', kind, search] as const,
};

/** An open task past its deadline (expired itself has its own badge). */
export const isOverdue = (t: Pick<TaskItem, 'status' | 'deadline_at'>) => !closed.includes(t.status) && new Date(t.deadline_at).getTime() < Date.now();

export type TaskFilter = { box: TaskBox; state: TaskState; priority?: TaskPriority; to?: 'renter' | 'employee' };

/** The address's filters (unknown values fall back to the defaults). */
export function filterOf(params: ListParams, defaultBox: TaskBox): TaskFilter {
  const x = params.extra ?? {};
  const box = (['incoming', 'outgoing', 'all'] as const).find((b) => b === x.box) ?? defaultBox;
  return {
    box,
    state: x.state === 'completed' ? 'completed' : 'current',
    priority: priorityList.find((p) => p === x.priority),
    to: x.to === 'renter' || x.to === 'employee' ? x.to : undefined,
  };
}

export function useTasks(kind: TaskKind, params: ListParams, filter: TaskFilter) {
  return useQuery({
    queryKey: [...taskKeys.all, 'list', kind, params, filter],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/tasks', {
          signal,
          params: {
            query: {
              kind,
              ...pageQuery(params),
              box: filter.box,
              state: filter.state,
              priority: filter.priority,
              executor: filter.to,
              sort: taskSorts.find((x) => x === params.sort),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTask(id: string) {
  return useQuery({ queryKey: taskKeys.one(id), queryFn: ({ signal }) => unwrap(api.GET('/tasks/{id}', { ...path(id), signal })) });
}

export type ExecutorKind = Schemas['TaskExecutor']['kind'];
export type ExecutorGroup = { kind: ExecutorKind; options: { value: string; label: string }[] };

/**
 * The executor picker's groups (employees, renters, contractors for full tasks), from GET /people:
 * the first 200 of each by name, or those matching `search`. An employee or a renter is given a task
 * as its login, a contractor as itself.
 */
export function useExecutorGroups(kind: TaskKind, search: string, enabled = true): ExecutorGroup[] {
  const kinds: ExecutorKind[] = kind === 'quick' ? ['employee', 'renter'] : ['employee', 'renter', 'contractor'];
  const query = usePeople({ purpose: 'task', role: kinds, search }, enabled);
  return kinds.map((k) => ({
    kind: k,
    options: (query.data?.data ?? [])
      .filter((p) => p.role === k)
      .map((p) => ({ value: `${p.role}:${p.role === 'contractor' ? p.id : p.user_id}`, label: p.name, detail: detailOf(p) })),
  }));
}

/** Who this is, so two of the same name are told apart: a position, a property and unit, services. */
const detailOf = (p: Person) => p.position ?? p.services ?? [p.property?.name, p.unit && `№${p.unit.number}`].filter(Boolean).join(', ');

/** `kind:id` of the picker -> the contract's one executor field. */
export function executorBody(value: string): Pick<Schemas['TaskCreate'], 'executor_user_id' | 'executor_contractor_id'> {
  const [kind, id] = value.split(':');
  return kind === 'contractor' ? { executor_contractor_id: id } : { executor_user_id: id };
}

export const useCreateTask = () => useRecordMutation(taskKeys, taskApi.create);
export const useUpdateTask = (id: string) => useRecordMutation(taskKeys, (body: Schemas['TaskUpdate']) => taskApi.update(id, body));
export const useTaskTransition = (id: string) =>
  useRecordMutation(taskKeys, (body: Schemas['TaskTransition']) => taskApi.transition(id, body), { putsRecord: true });
export const useTaskComment = (id: string) => useRecordMutation(taskKeys, (comment: string) => taskApi.comment(id, comment), { putsRecord: true });

/** One file of a task; the answer is the task with it, put straight into its cache entry. */
export function useTaskUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => taskApi.upload(id, file),
    onSuccess: (next) => queryClient.setQueryData(taskKeys.one(next.id), next),
  });
}

export const taskApi = {
  create: (body: Schemas['TaskCreate']) => unwrap(api.POST('/tasks', { body })),
  update: (id: string, body: Schemas['TaskUpdate']) => unwrap(api.PUT('/tasks/{id}', { ...path(id), body })),
  transition: (id: string, body: Schemas['TaskTransition']) => unwrap(api.POST('/tasks/{id}/transitions', { ...path(id), body })),
  comment: (id: string, comment: string) => unwrap(api.POST('/tasks/{id}/comments', { ...path(id), body: { comment } })),
  /** One multipart file; the server judges it by its bytes and size. */
  upload: (id: string, file: File) => unwrap(api.POST('/tasks/{id}/files', { ...path(id), ...multipart({ file }) })),
};
