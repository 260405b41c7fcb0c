import { type AnyStateMachine, type EventFromLogic, getNextSnapshot, type SnapshotFrom } from 'xstate';

type Snapshot<M extends AnyStateMachine> = ReturnType<M['resolveState']>;

/**
 * The two questions every machine with a stored status answers, asked the same way for all of them:
 * the server keeps only a status (and sometimes a little context) per record, so the machine is put
 * back in that state, asked whether it takes an event, and where it goes.
 */

/** The machine resolved to a stored status (and context, when the machine keeps one). */
function resolved<M extends AnyStateMachine>(machine: M, status: string, context?: object): Snapshot<M> {
  // A copy: xstate may keep the context object, and the caller's row must not change under it.
  return machine.resolveState({ value: status, context: context && { ...context } }) as Snapshot<M>;
}

/** The snapshot after `event` from `status`, or null when the machine refuses it there. */
export function nextSnapshot<M extends AnyStateMachine>(machine: M, status: string, context: object | undefined, event: EventFromLogic<M>): Snapshot<M> | null {
  const from = resolved(machine, status, context);
  if (!from.can(event)) return null;
  return getNextSnapshot(machine, from as SnapshotFrom<M>, event) as Snapshot<M>;
}

/** The event types of `types` the machine takes from `status` with `extra` (e.g. `{ by }`): the buttons the SPA shows. */
export function eventsFrom<M extends AnyStateMachine, T extends string>(
  machine: M,
  status: string,
  context: object | undefined,
  types: readonly T[],
  extra: object = {},
): T[] {
  const from = resolved(machine, status, context);
  return types.filter((type) => from.can({ type, ...extra } as EventFromLogic<M>));
}
