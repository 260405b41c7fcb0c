import { describe, expect, it } from 'vitest';
import { isSpaPage } from './sw-navigation';

describe('which navigations the service worker answers from the cached index.html', () => {
  it('answers the pages of the SPA, with ids and without', () => {
    for (const path of [
      '/',
      '/home',
      '/auth/first-login',
      '/requests-journal/view/4f1c2b8e-0a4e-4a5b-9b1a-6c0e5f3d2a10',
      '/visitor-request/abc',
      '/requests-journal?search=mega.kz&page=2',
    ]) {
      expect(isSpaPage(path), path).toBe(true);
    }
  });

  it('leaves the API, stored files, signed links and files to the server', () => {
    for (const path of [
      '/api',
      '/api/user',
      '/storage/logos/a.svg',
      '/storage/documents/4f1c?expires=1&signature=a.b',
      '/api?x=1',
      '/sw.js',
      '/manifest.webmanifest',
      '/icons/icon-192.png',
      '/assets/index-AbCd.js',
    ]) {
      expect(isSpaPage(path), path).toBe(false);
    }
  });
});
