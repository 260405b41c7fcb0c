import { getNextSnapshot, setup } from 'xstate';

/**
 * A waiting-list questionnaire (spec §4, DESIGN §4 "questionnaire"): new -> in_process -> waiting ->
 * in_process ...; any of them -> reject; reject can be reopened to new. From in_process or waiting
 * the landlord can make a renter of it (`questionnaire.make_renter`, which keeps the status and links
 * the renter). Only staff (landlord, or an employee with access to the waiting list) sends events.
 */
export const questionnaireStatuses = ['new', 'in_process', 'waiting', 'reject'] as const;
export type QuestionnaireStatus = (typeof questionnaireStatuses)[number];
export type QuestionnaireEventType =
  | 'questionnaire.process'
  | 'questionnaire.wait'
  | 'questionnaire.reject'
  | 'questionnaire.reopen'
  | 'questionnaire.make_renter';
export type QuestionnaireEvent = { type: QuestionnaireEventType };
export const questionnaireEventTypes: QuestionnaireEventType[] = [
  'questionnaire.process',
  'questionnaire.wait',
  'questionnaire.reject',
  'questionnaire.reopen',
  'questionnaire.make_renter',
];

export const questionnaireMachine = setup({
  types: { events: {} as QuestionnaireEvent },
}).createMachine({
  id: 'questionnaire',
  initial: 'new',
  states: {
    new: {
      on: {
        'questionnaire.process': { target: 'in_process' },
        'questionnaire.reject': { target: 'reject' },
      },
    },
    in_process: {
      on: {
        'questionnaire.wait': { target: 'waiting' },
        'questionnaire.reject': { target: 'reject' },
        'questionnaire.make_renter': { target: 'in_process', reenter: true },
      },
    },
    waiting: {
      on: {
        'questionnaire.process': { target: 'in_process' },
        'questionnaire.reject': { target: 'reject' },
        'questionnaire.make_renter': { target: 'waiting', reenter: true },
      },
    },
    reject: {
      on: { 'questionnaire.reopen': { target: 'new' } },
    },
  },
});

export function nextQuestionnaireStatus(status: QuestionnaireStatus, type: QuestionnaireEventType): QuestionnaireStatus | null {
  const from = questionnaireMachine.resolveState({ value: status });
  if (!from.can({ type })) return null;
  return getNextSnapshot(questionnaireMachine, from, { type }).value as QuestionnaireStatus;
}

export function questionnaireActions(status: QuestionnaireStatus): QuestionnaireEventType[] {
  const from = questionnaireMachine.resolveState({ value: status });
  return questionnaireEventTypes.filter((type) => from.can({ type }));
}
