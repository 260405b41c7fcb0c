import { expect, it } from 'vitest';
import { describeEachDatabase, type Harness } from '../support/api-harness';

/** A sign-in from one address, as a browser holding `cookie` (or none: a fresh browser). */
const login = (h: Harness, username: string, password: string, ip: string, cookie?: string) =>
  h.api('/auth/login', { body: { username, password }, ip, headers: cookie ? { cookie } : {} });

/** The cookie a successful sign-in sets, as the browser sends it back. */
async function deviceCookie(h: Harness, username: string, ip: string): Promise<string> {
  const res = await login(h, username, 'demo1234', ip);
  expect(res.status).toBe(200);
  const set = res.headers.get('set-cookie') ?? '';
  const [cookie = '', ...attributes] = set.split('; ');
  // The login, a nonce and the server's signature (url-encoded base64).
  expect(cookie).toMatch(/^crm_device=[\w-]+\.[\w-]+\.[\w%-]+$/);
  expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=15552000', 'Path=/api/auth/login', 'SameSite=Lax']);
  return cookie;
}

const spray = async (h: Harness, ip: string, times: number) => {
  for (let i = 0; i < times; i++) expect((await login(h, `sprayed-${ip}-${i}`, 'Summer2026!', ip)).status).toBe(401);
};

describeEachDatabase('sign-in: the device cookie lets an office through a sprayed address', (h) => {
  it('after LOGIN_ADDRESS_RATE_LIMIT failures a fresh browser is refused, a browser that signed in as that user before is not', async () => {
    const ip = '203.0.113.120';
    const landlord = await deviceCookie(h, 'landlord', ip);
    await spray(h, ip, h.config.loginAddressRateLimit);

    const fresh = await login(h, 'landlord', 'demo1234', ip);
    expect(fresh.status).toBe(429);
    expect(fresh.body.error.code).toBe('rate_limited');
    expect((await login(h, 'landlord', 'demo1234', ip, landlord)).status).toBe(200);
    // Its case and spaces are the login's own.
    expect((await login(h, ' Landlord ', 'demo1234', ip, landlord)).status).toBe(200);
    // Behind a proxy that speaks https to the browser, the cookie is sent over https only.
    const secure = await h.api('/auth/login', {
      body: { username: 'landlord', password: 'demo1234' },
      ip,
      headers: { cookie: landlord, 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers.get('set-cookie')?.split('; ')).toContain('Secure');
  });

  it("another user's cookie, a forged one or an altered one does not pass", async () => {
    const ip = '203.0.113.121';
    const employee = await deviceCookie(h, 'employee', ip);
    await spray(h, ip, h.config.loginAddressRateLimit);
    const [, value = ''] = employee.split('=');
    const [name = '', nonce = '', signature = ''] = value.split('.');
    const forged = [
      employee,
      `crm_device=${Buffer.from('landlord').toString('base64url')}.${nonce}.${signature}`,
      `crm_device=${name}.${nonce}x.${signature}`,
      `crm_device=${Buffer.from('landlord').toString('base64url')}.${nonce}.${'A'.repeat(43)}`,
      'crm_device=garbage',
    ];
    for (const cookie of forged) expect((await login(h, 'landlord', 'demo1234', ip, cookie)).status, cookie).toBe(429);
  });

  it("a device's failures count against it, not the address; past LOGIN_RATE_LIMIT of them it is a fresh browser again", async () => {
    const ip = '203.0.113.122';
    const renter = await deviceCookie(h, 'renter', ip);
    for (let i = 0; i < h.config.loginRateLimit; i++) expect((await login(h, 'renter', 'wrong-guess', ip, renter)).status).toBe(401);
    // The address has counted none of them: the whole limit is still there.
    await spray(h, ip, h.config.loginAddressRateLimit);
    expect((await login(h, 'renter', 'demo1234', ip)).status).toBe(429);
    // The device is spent: its cookie is ignored, and the address is over its limit.
    expect((await login(h, 'renter', 'demo1234', ip, renter)).status).toBe(429);
  });
});
