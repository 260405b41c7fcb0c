import { setup } from 'xstate';
import { eventsFrom, nextSnapshot } from './lib/decide';

/**
 * A waiting-list questionnaire: new -> in_process -> waiting ->
 * in_process ...; any of them -> reject; reject can be reopened to new. From in_process or waiting
 * the landlord can make a renter of it (`questionnaire.make_renter`, which keeps the status and links
 * the renter).
 *
 * `by` says who sends an event: an `editor` (the landlord, or an employee who may edit the waiting list)
 * or a `registrar` (an editor who may also register renters, the only one who makes a renter). The
 * server works out which one the caller is; the SPA shows exactly the events this machine takes from it.
 */
export const questionnaireStatuses = ['new', 'in_process', 'waiting', 'reject'] as const;
export type QuestionnaireStatus = (typeof questionnaireStatuses)[number];
export type QuestionnaireEventType =
  | 'questionnaire.process'
  | 'questionnaire.wait'
  | 'questionnaire.reject'
  | 'questionnaire.reopen'
  | 'questionnaire.make_renter';
export const questionnaireActors = ['editor', 'registrar'] as const;
export type QuestionnaireActor = (typeof questionnaireActors)[number];
export type QuestionnaireEvent = { type: QuestionnaireEventType; by: QuestionnaireActor };
export const questionnaireEventTypes: QuestionnaireEventType[] = [
  'questionnaire.process',
  'questionnaire.wait',
  'questionnaire.reject',
  'questionnaire.reopen',
  'questionnaire.make_renter',
];

const edit = { guard: 'by staff who edit the waiting list' } as const;

export const questionnaireMachine = setup({
  types: { events: {} as QuestionnaireEvent },
  guards: {
    // A registrar is an editor too.
    'by staff who edit the waiting list': ({ event }) => event.by === 'editor' || event.by === 'registrar',
    'by staff who also register renters': ({ event }) => event.by === 'registrar',
  },
}).createMachine({
  id: 'questionnaire',
  initial: 'new',
  states: {
    new: {
      on: {
        'questionnaire.process': { ...edit, target: 'in_process' },
        'questionnaire.reject': { ...edit, target: 'reject' },
      },
    },
    in_process: {
      on: {
        'questionnaire.wait': { ...edit, target: 'waiting' },
        'questionnaire.reject': { ...edit, target: 'reject' },
        'questionnaire.make_renter': { guard: 'by staff who also register renters', target: 'in_process', reenter: true },
      },
    },
    waiting: {
      on: {
        'questionnaire.process': { ...edit, target: 'in_process' },
        'questionnaire.reject': { ...edit, target: 'reject' },
        'questionnaire.make_renter': { guard: 'by staff who also register renters', target: 'waiting', reenter: true },
      },
    },
    reject: {
      on: { 'questionnaire.reopen': { ...edit, target: 'new' } },
    },
  },
});

export function nextQuestionnaireStatus(status: QuestionnaireStatus, type: QuestionnaireEventType, by: QuestionnaireActor): QuestionnaireStatus | null {
  return (nextSnapshot(questionnaireMachine, status, undefined, { type, by })?.value as QuestionnaireStatus | undefined) ?? null;
}

/** The events `by` may send from `status`. */
export function questionnaireActions(status: QuestionnaireStatus, by: QuestionnaireActor): QuestionnaireEventType[] {
  return eventsFrom(questionnaireMachine, status, undefined, questionnaireEventTypes, { by });
}
