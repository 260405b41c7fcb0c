import { withCheckDigit } from '#/shared/kz-ids';

/** A contractor's body as the staff form and the public form send it; `over` changes or adds fields. */
export const BIN = withCheckDigit('05014000123') as string;
export const BIN2 = withCheckDigit('12034000777') as string;
export const wrongDigit = (bin: string) => bin.slice(0, 11) + String((Number(bin[11]) + 1) % 10);
export const company = (over: Record<string, unknown> = {}) => ({
  name: 'ТОО «Чистый Город»',
  bin: BIN,
  services: 'Уборка, вывоз мусора',
  contact_name: 'Асель Жунусова',
  phone: '+77011112233',
  email: 'office@clean.kz',
  ...over,
});
export const BIN_MESSAGE = 'Неверный ИИН/БИН: 12 цифр с верной контрольной цифрой';
