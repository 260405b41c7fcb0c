// Renter contact links (instagram, website). Shared by the SPA's form and the server,
// which repeats every rule.

/** `@name`, or a link to a profile on instagram.com (what renters paste from the app). */
export const INSTAGRAM_PATTERN = /^(@[A-Za-z0-9._]{1,30}|https?:\/\/(www\.)?instagram\.com\/[A-Za-z0-9._]{1,30}\/?(\?\S*)?)$/;

/** An absolute http(s) link to a named host (`shop` alone is no website). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}
