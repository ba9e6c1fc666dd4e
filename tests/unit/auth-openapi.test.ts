import { openApiDocument } from '@/lib/server/api/openapi';

type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }; responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }> }>> };

describe('OpenAPI document: account endpoints', () => {
  const doc = openApiDocument() as unknown as Doc;

  it('documents the spec calls, the profile edit and the email verification calls', () => {
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/signup', '/api/v1/auth/signin', '/api/v1/auth/me', '/api/v1/auth/signout', '/api/v1/auth/remove', '/api/v1/auth/verify-email', '/api/v1/auth/verify-email/resend']),
    );
    expect(Object.keys(doc.paths['/api/v1/auth/verify-email'].post.requestBody!.content['application/json'].schema.properties!)).toEqual(['token', 'password']);
    expect(doc.paths['/api/v1/auth/me'].patch.requestBody!.content['application/json'].schema.properties).toHaveProperty('currentPassword');
  });

  it('answers the user with the spec fields and the verification state', () => {
    const user = doc.paths['/api/v1/auth/me'].get.responses['200'].content!['application/json'].schema.properties!;
    expect(Object.keys(user)).toEqual(expect.arrayContaining(['id', 'email', 'firstName', 'lastName', 'emailVerified', 'pendingEmail']));
    const session = doc.paths['/api/v1/auth/signin'].post.responses['200'].content!['application/json'].schema.properties!;
    // The spec's user and token, and where the person lands (console, scanner or profile: lib/server/organiser/landing.ts).
    expect(Object.keys(session)).toEqual(['user', 'token', 'home']);
  });
});
