import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { venueLayoutSchema } from '@/lib/schemas/organiser-venues';

describe('the venue layout JSON format', () => {
  it('the README’s example is a valid layout', () => {
    const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Venue layout JSON'));
    const example = /```json\n([\s\S]*?)```/.exec(section)![1];
    const parsed = venueLayoutSchema.safeParse(JSON.parse(example));
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it('refuses what the README says it refuses', () => {
    const base = { width: 600, height: 400, sections: [] };
    expect(venueLayoutSchema.safeParse(base).success).toBe(true);
    expect(venueLayoutSchema.safeParse({ ...base, width: 50 }).success).toBe(false);
    const standingWithoutCapacity = { ...base, sections: [{ code: 'GA', name: { sk: 'a', cs: 'a', en: 'a' }, kind: 'standing' }] };
    expect(venueLayoutSchema.safeParse(standingWithoutCapacity).error?.issues[0]).toMatchObject({ path: ['sections', 0, 'capacity'], message: 'organiser.venues.validation.capacityRequired' });
    const hidden = { ...base, sections: [{ code: '~retired', name: { sk: 'a', cs: 'a', en: 'a' }, kind: 'standing', capacity: 5 }] };
    expect(venueLayoutSchema.safeParse(hidden).error?.issues[0]).toMatchObject({ path: ['sections', 0, 'code'] });
    const outside = { ...base, sections: [{ code: 'A', name: { sk: 'a', cs: 'a', en: 'a' }, rows: [{ label: '1', seats: [{ label: '1', x: 700, y: 10 }] }] }] };
    expect(venueLayoutSchema.safeParse(outside).error?.issues[0]).toMatchObject({ path: ['sections', 0, 'rows', 0, 'seats', 0, 'x'], message: 'organiser.venues.validation.inMap' });
  });
});

describe('the layout file’s size', () => {
  it('a layout may be up to 8 MB; every other JSON call stays at 64 KB', async () => {
    const { bodyLimitFor, JSON_API_BODY_LIMIT, LAYOUT_BODY_LIMIT } = await import('@/lib/body-limits');
    expect(LAYOUT_BODY_LIMIT).toBe(8 * 1024 * 1024);
    expect(bodyLimitFor('/api/v1/organiser/venues/0b7c7a4e-1a7e-4c55-9e0e-3d8a1c2f4b11/layout')).toBe(LAYOUT_BODY_LIMIT);
    expect(bodyLimitFor('/api/v1/organiser/venues/0b7c7a4e-1a7e-4c55-9e0e-3d8a1c2f4b11')).toBe(JSON_API_BODY_LIMIT);
    expect(bodyLimitFor('/api/v1/organiser/venues/x/layout/extra')).toBe(JSON_API_BODY_LIMIT);
  });
});
