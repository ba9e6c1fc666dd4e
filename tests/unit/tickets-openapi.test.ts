import { openApiDocument } from '@/lib/server/api/openapi';

describe('OpenAPI document: ticket endpoints', () => {
  it('documents the ticket, resale and scan calls with request bodies from the shared zod schemas', () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/tickets', '/api/v1/tickets/redeem', '/api/v1/tickets/{id}/gift', '/api/v1/tickets/{id}/listing', '/api/v1/scan', '/api/v1/payouts']));
    expect(Object.keys(doc.paths['/api/v1/scan'].post.requestBody!.content['application/json'].schema.properties!)).toEqual(['payload', 'eventId', 'gate']);
    expect(Object.keys(doc.paths['/api/v1/tickets/{id}/listing'].post.requestBody!.content['application/json'].schema.properties!)).toEqual(['price']);
    expect(doc.paths['/api/v1/tickets/{id}/gift'].delete).toBeDefined();
    // an offline check-in carries the code the gate scanned, which the server verifies
    const sync = doc.paths['/api/v1/scan/sync'].post.requestBody!.content['application/json'].schema as { properties: { checkIns: { items: { properties: Record<string, { description?: string }> } } } };
    expect(Object.keys(sync.properties.checkIns.items.properties)).toEqual(['ticketId', 'version', 'scannedAt', 'payload', 'gate']);
    expect(sync.properties.checkIns.items.properties.payload.description).toMatch(/signature/);
  });
});
