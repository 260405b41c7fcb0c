import type { components } from '#/api/schema';
import { isValidBinIin } from '#/shared/kz-ids';
import { invalidFields } from '../../http/errors';
import type { LL } from '../../http/i18n';
import { orNull } from '../../http/input';

/** The company card shared by contractors and applications (same columns in both tables). */
export type CompanyInput = components['schemas']['ContractorInput'];

const required = (ll: LL) => ll.validation.required();

/**
 * The rules the contract cannot say: text that is
 * only spaces is empty, and the BIN must pass its check digit. Every broken field is reported at once.
 */
export function checkCompany(input: CompanyInput): void {
  const fields: Record<string, (ll: LL) => string> = {};
  for (const name of ['name', 'services', 'contact_name'] as const) if (!input[name].trim()) fields[name] = required;
  if (!isValidBinIin(input.bin)) fields.bin = (ll) => ll.validation.binIin();
  if (Object.keys(fields).length) throw invalidFields(fields);
}

export function companyColumns(input: CompanyInput) {
  return {
    name: input.name.trim(),
    bin: input.bin,
    services: input.services.trim(),
    contactName: input.contact_name.trim(),
    phone: input.phone,
    email: input.email.trim(),
    address: orNull(input.address),
    comment: orNull(input.comment),
  };
}

type CompanyRow = ReturnType<typeof companyColumns>;

export function companyDto(row: CompanyRow) {
  return {
    name: row.name,
    bin: row.bin,
    services: row.services,
    contact_name: row.contactName,
    phone: row.phone,
    email: row.email,
    address: row.address,
    comment: row.comment,
  };
}
