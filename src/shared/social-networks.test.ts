import { describe, expect, it } from 'vitest';
import { socialUrlProblem } from './social-networks';

describe('social link urls', () => {
  it("accepts the network's own host and its subdomains, any host for a website", () => {
    expect(socialUrlProblem('instagram', 'https://www.instagram.com/mega')).toBeNull();
    expect(socialUrlProblem('telegram', 'http://telegram.me/mega')).toBeNull();
    expect(socialUrlProblem('youtube', 'https://youtu.be/x')).toBeNull();
    expect(socialUrlProblem('website', 'https://mega.kz')).toBeNull();
  });
  it('refuses another host, a look-alike and anything that is not an absolute http(s) address', () => {
    expect(socialUrlProblem('vk', 'https://vk.com.evil.kz/x')).toEqual({ kind: 'host', hosts: 'vk.com' });
    expect(socialUrlProblem('facebook', 'https://notfacebook.com/x')).toEqual({ kind: 'host', hosts: 'facebook.com, fb.com' });
    for (const url of ['vk.com/x', 'ftp://vk.com/x', 'javascript:alert(1)', 'https://localhost', '']) {
      expect(socialUrlProblem('website', url), url).toEqual({ kind: 'url' });
    }
  });
});
