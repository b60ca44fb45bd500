import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

describe('GET /api/public-config', () => {
  let configured: TestApp;
  let unset: TestApp;
  beforeAll(async () => {
    [configured, unset] = await Promise.all([
      createTestApp({ config: { supportEmail: 'registrar@school.example' } }),
      createTestApp(),
    ]);
  });
  afterAll(() => Promise.all([configured.close(), unset.close()]));

  it('gives anyone, signed in or not, the support email SUPPORT_EMAIL sets', async () => {
    const response = await configured.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { supportEmail: 'registrar@school.example', passwordResetEmails: true },
    });
  });

  it('says there is none when SUPPORT_EMAIL is unset', async () => {
    const response = await unset.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.json()).toEqual({
      success: true,
      data: { supportEmail: null, passwordResetEmails: true },
    });
  });
});
