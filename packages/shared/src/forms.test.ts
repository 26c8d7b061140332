import { describe, expect, it } from 'vitest';
import { contactSchema, fieldErrors, leadSchema, partnerSchema } from './forms.ts';

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe('contactSchema', () => {
  it('trims and accepts a message without a website', () => {
    const parsed = contactSchema.parse({
      name: ' Ada ',
      email: ' ada@example.com ',
      website: '  ',
      message: ' Hello ',
    });
    expect(parsed).toEqual({ name: 'Ada', email: 'ada@example.com', message: 'Hello' });
  });

  it('gives the spec messages', () => {
    expect(
      errorsOf(contactSchema.safeParse({ name: ' ', email: 'x', website: 'nope', message: '' })),
    ).toEqual({
      name: 'Name is required',
      email: 'Invalid email address',
      website: 'Must be a valid URL',
      message: 'Message is required',
    });
    expect(
      errorsOf(
        contactSchema.safeParse({
          name: 'a'.repeat(101),
          email: `${'a'.repeat(250)}@b.com`,
          message: 'm'.repeat(1001),
        }),
      ),
    ).toEqual({
      name: 'Name must be less than 100 characters',
      email: 'Email must be less than 255 characters',
      message: 'Message must be less than 1000 characters',
    });
  });
});

describe('partnerSchema', () => {
  it('requires an email', () => {
    expect(errorsOf(partnerSchema.safeParse({ email: '  ' }))).toEqual({
      email: 'Please enter your email address.',
    });
    expect(partnerSchema.parse({ email: ' p@example.com ' })).toEqual({ email: 'p@example.com' });
  });
});

describe('leadSchema', () => {
  it('needs an @ and normalizes ids and empty UTM values', () => {
    expect(errorsOf(leadSchema.safeParse({ email: 'nope' }))).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(
      leadSchema.parse({
        email: ' a@b ',
        urlId: 7,
        reportId: 'r1',
        honeypot: '',
        utm_source: 'news',
        utm_medium: '',
      }),
    ).toEqual({ email: 'a@b', urlId: '7', reportId: 'r1', honeypot: '', utm_source: 'news' });
  });
});

describe('missing fields', () => {
  it('get the same messages as empty ones', () => {
    expect(errorsOf(contactSchema.safeParse({}))).toEqual({
      name: 'Name is required',
      email: 'Invalid email address',
      message: 'Message is required',
    });
    expect(
      errorsOf(contactSchema.safeParse({ name: 'A', email: 'a@b.co', message: 'm', website: 5 })),
    ).toEqual({
      website: 'Must be a valid URL',
    });
    expect(errorsOf(partnerSchema.safeParse({}))).toEqual({
      email: 'Please enter your email address.',
    });
    expect(errorsOf(leadSchema.safeParse({}))).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});

describe('leadSchema leniency', () => {
  it('drops unusable report links and cuts long UTM values instead of refusing the sign-up', () => {
    expect(
      leadSchema.parse({
        email: 'a@b',
        urlId: '',
        reportId: { id: 1 },
        utm_source: 'x'.repeat(300),
        utm_medium: 42,
      }),
    ).toEqual({ email: 'a@b', honeypot: '', utm_source: 'x'.repeat(200) });
  });
});
