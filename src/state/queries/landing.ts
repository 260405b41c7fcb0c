import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '#/api/client';
import type { operations } from '#/api/schema';

type Body<Op extends keyof operations> = operations[Op] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

// The landing page's two public forms: sent without a token, nothing cached to refresh.
export const useSendDemoRequest = () => useMutation({ mutationFn: (body: Body<'createDemoRequest'>) => unwrap(api.POST('/public/demo-requests', { body })) });
export const useSendSupportMessage = () =>
  useMutation({ mutationFn: (body: Body<'createSupportMessage'>) => unwrap(api.POST('/public/support-messages', { body })) });
