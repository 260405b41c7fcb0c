import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '#/api/schema';
import type { AuthedUser } from '../auth/sessions';

type Op = keyof operations;
type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;
type Params<K extends Op> = operations[K]['parameters'];
type Success<K extends Op> = operations[K]['responses'] extends infer R
  ? R extends { 200: infer A }
    ? JsonOf<A>
    : R extends { 201: infer A }
      ? JsonOf<A>
      : // biome-ignore lint/suspicious/noConfusingVoidType: an operation that answers 204 has no body, and its handler returns nothing.
        void
  : never;

export type OpRequest<K extends Op> = FastifyRequest<{
  Body: JsonOf<operations[K]['requestBody']>;
  Querystring: Params<K> extends { query?: infer Q } ? Q : unknown;
  Params: Params<K> extends { path?: infer P } ? P : unknown;
}> & { user: AuthedUser | null };

/**
 * fastify-openapi-glue types handlers as `object`; this map is checked against the generated
 * `operations`, so a missing operation or a wrong answer shape fails to compile.
 */
export type ServiceHandlers = {
  // biome-ignore lint/suspicious/noConfusingVoidType: a handler that sent its reply itself returns nothing.
  [K in Op]: (req: OpRequest<K>, reply: FastifyReply) => Promise<Success<K> | FastifyReply | void>;
};

export type HandlersOf<K extends Op> = Pick<ServiceHandlers, K>;
