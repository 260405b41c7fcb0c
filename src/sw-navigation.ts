/**
 * Addresses the service worker must never answer with the cached index.html: the API, stored files
 * and signed document links (whatever their query), and any file (the worker itself, the manifest,
 * icons, build assets). Every other address is a page of the SPA, whose router decides.
 */
// Workbox matches these against the path and the query together.
export const notSpaPages: RegExp[] = [/^\/api([/?]|$)/, /^\/storage([/?]|$)/, /^[^?]*\/[^/?]+\.[^/?]+(\?|$)/];

export const isSpaPage = (pathAndQuery: string) => !notSpaPages.some((re) => re.test(pathAndQuery));
