/** The UI shows Asia/Almaty time whatever the browser's zone. */
export function almatyTime(iso: string, locale: string): string {
  return new Date(iso).toLocaleString(locale, { timeZone: 'Asia/Almaty', dateStyle: 'short', timeStyle: 'short' });
}
