import { expect, it } from 'vitest';
import { describeEachDatabase } from '../support/api-harness';

// A fresh demo is not an empty /tenants: each demo centre has the link Objects' button would make.
describeEachDatabase('the demo centres on /tenants', (h) => {
  it('lists both demo centres with their questionnaire links before anyone presses a button', async () => {
    const tenants = await h.api('/public/tenants');
    expect(tenants.status).toBe(200);
    expect(tenants.body.map((t: { object_name: string }) => t.object_name)).toEqual(['ТРЦ «Keruen»', 'ТРЦ «Mega Center»']);
    // The button answers the very link the demo made, not a second one.
    const objects = await h.api('/objects?limit=1', { token: await h.login('landlord') });
    const made = await h.api('/application-forms/link', { method: 'PUT', token: await h.login('landlord'), body: { object_id: objects.body.data[0].id } });
    expect(tenants.body.map((t: { link: string }) => t.link)).toContain(made.body.link);
    const info = await h.api(`/public/application-forms/${new URL(made.body.link).searchParams.get('l')}`);
    expect(info.status).toBe(200);
  });
});
