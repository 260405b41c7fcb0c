import { describe, expect, it } from 'vitest';
import { coverMachine, expectFullCoverage, reportCoverage, runPath } from '../tests/support/machine-paths';
import { nextQuestionnaireStatus, questionnaireActions, questionnaireActors, questionnaireEventTypes, questionnaireMachine } from './questionnaire';

describe('questionnaire machine', () => {
  it('moves new -> in_process -> waiting -> in_process, rejects from any, reopens to new', () => {
    expect(nextQuestionnaireStatus('new', 'questionnaire.process', 'registrar')).toBe('in_process');
    expect(nextQuestionnaireStatus('in_process', 'questionnaire.wait', 'registrar')).toBe('waiting');
    expect(nextQuestionnaireStatus('waiting', 'questionnaire.process', 'registrar')).toBe('in_process');
    expect(nextQuestionnaireStatus('waiting', 'questionnaire.reject', 'registrar')).toBe('reject');
    expect(nextQuestionnaireStatus('reject', 'questionnaire.reopen', 'registrar')).toBe('new');
    expect(nextQuestionnaireStatus('new', 'questionnaire.wait', 'registrar')).toBeNull();
  });
  it('makes a renter only from in_process or waiting, keeping the status', () => {
    expect(questionnaireActions('new', 'registrar')).not.toContain('questionnaire.make_renter');
    expect(questionnaireActions('waiting', 'registrar')).toContain('questionnaire.make_renter');
    expect(nextQuestionnaireStatus('waiting', 'questionnaire.make_renter', 'registrar')).toBe('waiting');
    expect(nextQuestionnaireStatus('reject', 'questionnaire.make_renter', 'registrar')).toBeNull();
  });
  it('lets only a registrar make a renter; an editor moves the questionnaire', () => {
    expect(questionnaireActions('waiting', 'editor')).toEqual(['questionnaire.process', 'questionnaire.reject']);
    expect(nextQuestionnaireStatus('in_process', 'questionnaire.make_renter', 'editor')).toBeNull();
    expect(nextQuestionnaireStatus('in_process', 'questionnaire.wait', 'editor')).toBe('waiting');
  });
});

describe('questionnaire machine paths', () => {
  const result = coverMachine('questionnaire', questionnaireMachine, {
    events: questionnaireEventTypes.flatMap((type) => questionnaireActors.map((by) => ({ type, by }))),
  });
  it('covers every state and transition', () => {
    reportCoverage(result);
    expectFullCoverage(result);
  });
  it.each(result.paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = runPath(questionnaireMachine, path);
    expect(actor.getSnapshot().value).toEqual(path.state.value);
  });
});
