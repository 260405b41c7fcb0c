import type { BaseTranslation } from '../i18n-types';

// The import kit: templates, the check of an uploaded file, its errors by row.
export const imports = {
  imports: {
    title: 'Импорт',
    entities: { tenants: 'Арендаторы', units: 'Помещения', employees: 'Сотрудники' },
    columns: { object: 'Объект', number: 'Номер помещения', floor: 'Этаж', area: 'Площадь, м²', language: 'Язык' },
    notes: {
      sheet: 'Пояснения',
      column: 'Столбец',
      required: 'Обязательный',
      format: 'Формат',
      yes: 'да',
      no: 'нет',
      intro: 'Заполните лист «{sheet:string}» с третьей строки (вторая строка — пример, удалите или замените её). Первую строку не меняйте.',
    },
    formats: {
      text: 'Текст до {max:number} символов',
      bin: '12 цифр ИИН/БИН с верной контрольной цифрой',
      phone: 'Телефон Казахстана: +7 и 10 цифр',
      email: 'Адрес электронной почты',
      date: 'Дата: дд.мм.гггг или дата Excel',
      decimal: 'Число больше 0, до двух знаков после запятой',
      integer: 'Целое число',
      choice: 'Одно из значений: {values:string}',
      username: 'Логин: 3–50 латинских букв, цифр, точек, дефисов. Пусто — логин из БИН/ИИН, без письма',
      key: 'Ключ: по нему найдётся существующая запись',
    },
    errorsColumn: 'Ошибки',
    row: {
      required: 'Обязательное поле',
      tooLong: 'Не больше {max:number} символов',
      binIin: 'Неверный ИИН/БИН: 12 цифр с верной контрольной цифрой',
      phone: 'Телефон: +7 и 10 цифр',
      email: 'Неверный адрес электронной почты',
      date: 'Дата: дд.мм.гггг или дата Excel',
      decimal: 'Число больше 0 и не больше 1 000 000',
      integer: 'Целое число',
      choice: 'Допустимо одно из: {values:string}',
      formula: 'Формула без сохранённого значения: откройте и сохраните файл в Excel',
      duplicate: 'Повтор строки {row:number}',
      ambiguous: 'Под этим ключом в базе несколько записей: исправьте их в реестре',
      objectNotFound: 'Объект «{name:string}» не найден среди ваших объектов',
      roomNotFound: 'Помещение {number:string} не найдено в объекте «{object:string}»',
    },
    failure: { timeout: 'Проверка файла не уложилась во время. Разделите файл на части' },
  },
} satisfies BaseTranslation;
