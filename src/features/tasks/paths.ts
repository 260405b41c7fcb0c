import type { TaskKind } from './api';

export const basePath = (kind: TaskKind) => (kind === 'quick' ? '/quick-tasks' : '/tasks');
export const viewPath = (kind: TaskKind, id: string) => `${basePath(kind)}/${id}`;
