import { demoRequests, supportMessages } from '../../db/schema';
import type { Deps } from '../../deps';
import type { HandlersOf } from '../../http/contract';
import { invalidFields } from '../../http/errors';
import type { LL } from '../../http/i18n';
import { orNull } from '../../http/input';

const required = (ll: LL) => ll.validation.required();

export function publicFormHandlers({ db }: Deps): HandlersOf<'createDemoRequest' | 'createSupportMessage'> {
  return {
    async createDemoRequest(req, reply) {
      const { name, company, email, phone } = req.body;
      if (!orNull(name) && !orNull(company)) {
        const message = (ll: LL) => ll.validation.nameOrCompany();
        throw invalidFields({ name: message, company: message });
      }
      const [row] = await db
        .insert(demoRequests)
        .values({ name: orNull(name), company: orNull(company), email: email.trim(), phone: orNull(phone), ip: req.ip })
        .returning({ id: demoRequests.id });
      return reply.status(201).send(row);
    },
    async createSupportMessage(req, reply) {
      const { name, phone, message } = req.body;
      const blank = { ...(!orNull(name) && { name: required }), ...(!orNull(message) && { message: required }) };
      if (Object.keys(blank).length) throw invalidFields(blank);
      const [row] = await db
        .insert(supportMessages)
        .values({ name: name.trim(), phone: orNull(phone), message: message.trim(), ip: req.ip })
        .returning({ id: supportMessages.id });
      return reply.status(201).send(row);
    },
  };
}
