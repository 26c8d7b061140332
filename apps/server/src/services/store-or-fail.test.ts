import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { storeOrFail } from './store-or-fail.ts';

describe('storeOrFail', () => {
  it('answers a write that fails submission_failed, keeping the cause', async () => {
    const fault = Object.assign(new Error('value too long for type'), { code: '22001' });
    const refused = await storeOrFail(() => Promise.reject(fault)).catch((error) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'submission_failed', statusCode: 500, cause: fault });
  });

  it('leaves a database out of reach to database_connection', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    await expect(storeOrFail(() => Promise.reject(down))).rejects.toBe(down);
  });

  it('passes a stored result through', async () => {
    await expect(storeOrFail(async () => 'subscribed')).resolves.toBe('subscribed');
  });
});
