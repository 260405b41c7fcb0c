import { describe, expect, it } from 'vitest';
import { coverMachine, expectFullCoverage, reportCoverage, runPath } from '../tests/support/machine-paths';
import { nextQuestionnaireStatus, questionnaireActions, questionnaireMachine } from './questionnaire';

describe('questionnaire machine', () => {
  it('moves new -> in_process -> waiting -> in_process, rejects from any, reopens to new', () => {
    expect(nextQuestionnaireStatus('new', 'questionnaire.process')).toBe('in_process');
    expect(nextQuestionnaireStatus('in_process', 'questionnaire.wait')).toBe('waiting');
    expect(nextQuestionnaireStatus('waiting', 'questionnaire.process')).toBe('in_process');
    expect(nextQuestionnaireStatus('waiting', 'questionnaire.reject')).toBe('reject');
    expect(nextQuestionnaireStatus('reject', 'questionnaire.reopen')).toBe('new');
    expect(nextQuestionnaireStatus('new', 'questionnaire.wait')).toBeNull();
  });
  it('makes a renter only from in_process or waiting, keeping the status', () => {
    expect(questionnaireActions('new')).not.toContain('questionnaire.make_renter');
    expect(nextQuestionnaireStatus('waiting', 'questionnaire.make_renter')).toBe('waiting');
    expect(nextQuestionnaireStatus('reject', 'questionnaire.make_renter')).toBeNull();
  });
});

describe('questionnaire machine paths', () => {
  const result = coverMachine('questionnaire', questionnaireMachine);
  it('covers every state and transition', () => {
    reportCoverage(result);
    expectFullCoverage(result);
  });
  it.each(result.paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = runPath(questionnaireMachine, path);
    expect(actor.getSnapshot().value).toEqual(path.state.value);
  });
});
