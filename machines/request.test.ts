import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { coverMachine, expectFullCoverage, reportCoverage, runPath } from '../tests/support/machine-paths';
import { nextRequestStatus, type RequestContext, requestActions, requestEventTypes, requestMachine } from './request';

const renterRequest: RequestContext = { hasPhotoReport: false, fromVisitor: false };
const withReport: RequestContext = { hasPhotoReport: true, fromVisitor: false };

describe('request machine', () => {
  it('lets staff take, pause, resume and, with a photo report, complete a request', () => {
    expect(nextRequestStatus('new', renterRequest, 'request.take', 'staff')).toBe('in_progress');
    expect(nextRequestStatus('in_progress', renterRequest, 'request.pause', 'staff')).toBe('paused');
    expect(nextRequestStatus('paused', renterRequest, 'request.resume', 'staff')).toBe('in_progress');
    expect(nextRequestStatus('in_progress', renterRequest, 'request.complete', 'staff')).toBeNull();
    expect(nextRequestStatus('in_progress', withReport, 'request.complete', 'staff')).toBe('done');
  });
  it('lets only the applicant confirm or return a done request; staff answers for a visitor', () => {
    expect(nextRequestStatus('done', withReport, 'request.confirm', 'staff')).toBeNull();
    expect(nextRequestStatus('done', withReport, 'request.confirm', 'applicant')).toBe('closed');
    expect(nextRequestStatus('done', withReport, 'request.return', 'applicant')).toBe('returned');
    const visitor = { hasPhotoReport: true, fromVisitor: true };
    expect(nextRequestStatus('done', visitor, 'request.confirm', 'staff')).toBe('closed');
    expect(nextRequestStatus('done', visitor, 'request.confirm', 'applicant')).toBeNull();
  });
  it('a confirmation may carry a rating; the machine takes it the same way', () => {
    const actor = createActor(requestMachine, { input: { hasPhotoReport: true } }).start();
    actor.send({ type: 'request.take', by: 'staff' });
    actor.send({ type: 'request.complete', by: 'staff' });
    actor.send({ type: 'request.confirm', by: 'applicant', rating: 2 });
    expect(actor.getSnapshot().value).toBe('closed');
  });
  it('never lets the applicant work on a request; only staff reopens a closed one, and nothing leaves rejected', () => {
    expect(requestActions('new', renterRequest, 'applicant')).toEqual([]);
    expect(requestActions('closed', withReport, 'staff')).toEqual(['request.reopen']);
    expect(requestActions('closed', withReport, 'applicant')).toEqual([]);
    expect(nextRequestStatus('closed', withReport, 'request.reopen', 'staff')).toBe('returned');
    expect(nextRequestStatus('done', withReport, 'request.reopen', 'staff')).toBeNull();
    expect(requestActions('rejected', withReport, 'staff')).toEqual([]);
    expect(requestActions('rejected', withReport, 'applicant')).toEqual([]);
    expect(requestActions('new', renterRequest, 'staff')).toEqual(['request.take', 'request.assign', 'request.reject']);
    expect(requestActions('returned', withReport, 'staff')).toEqual(['request.take', 'request.assign', 'request.reject']);
  });
});

describe('request machine paths', () => {
  const events = (['staff', 'applicant'] as const).flatMap((by) => requestEventTypes.map((type) => ({ type, by })));
  const withPhoto = coverMachine('request', requestMachine, { events, input: { hasPhotoReport: true } });
  const visitor = coverMachine('request (visitor)', requestMachine, { events, input: { hasPhotoReport: true, fromVisitor: true } });
  it('covers every state and transition', () => {
    reportCoverage(withPhoto, visitor);
    expectFullCoverage(withPhoto);
    expect(visitor.coverage.states.covered).toBe(visitor.coverage.states.total);
  });
  it.each(withPhoto.paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = runPath(requestMachine, path, { hasPhotoReport: true });
    expect(actor.getSnapshot().value).toEqual(path.state.value);
    // The pure helper the server uses agrees with the actor at every step.
    let status = 'new' as Parameters<typeof nextRequestStatus>[0];
    for (const e of path.events) status = nextRequestStatus(status, withReport, e.type as 'request.take', e.by as 'staff') ?? status;
    expect(status).toBe(actor.getSnapshot().value);
  });
});
