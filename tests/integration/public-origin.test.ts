import { and, eq } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { addToCart } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { GET as iosPaymentRedirect } from '@/app/[locale]/ios-payment-redirect/route';
import { useTestDatabase } from '../helpers/db';

// Absolute links name the public origin (APP_URL), never the address the server listens on or a Host
// a request brings.
const t = useTestDatabase({ seeded: true });
const STADIUM = 'dunaj-bratislava-fc-kosice';
const saved = process.env.APP_URL;

beforeEach(() => {
  process.env.APP_URL = 'https://vstupenky.example';
});
afterAll(() => {
  if (saved === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = saved;
});

async function pendingOrder() {
  const [fan] = await t.db
    .insert(s.users)
    .values({ email: `origin-${Date.now()}@example.com`, firstName: 'Eva', lastName: 'Kupcová', locale: 'sk' })
    .returning({ id: s.users.id, email: s.users.email });
  const [e] = await t.db.select().from(s.events).where(eq(s.events.slug, STADIUM));
  const [unit] = await t.db
    .select({ seatId: s.inventoryUnits.seatId })
    .from(s.inventoryUnits)
    .where(and(eq(s.inventoryUnits.eventId, e.id), eq(s.inventoryUnits.status, 'available')))
    .limit(1);
  const user = { id: fan.id, email: fan.email! };
  const held = await addToCart({ user, eventRef: STADIUM, selection: { seatIds: [unit.seatId!] }, locale: 'sk' });
  if (!held.ok) throw new Error(held.code);
  const started = await checkout({ user, eventRef: STADIUM, locale: 'sk', urls: { success: () => '/', cancel: () => '/', gateway: (id) => `/sk/platba/${id}` } });
  if (!started.ok) throw new Error(started.code);
  return started.orderId;
}

const redirect = (query: string, headers: Record<string, string> = {}) =>
  iosPaymentRedirect(new Request(`http://localhost:3000/sk/ios-payment-redirect?${query}`, { headers: { host: 'localhost:3000', ...headers } }), {
    params: Promise.resolve({ locale: 'sk' }),
  });

describe('ios-payment-redirect', () => {
  it("sends a desktop browser to the order page on APP_URL's origin", async () => {
    const orderId = await pendingOrder();
    const answer = await redirect(`orderId=${orderId}`, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`https://vstupenky.example/sk/objednavky/${orderId}`);
    const asked = await redirect(`orderId=${orderId}&web=1`, { 'user-agent': 'Mozilla/5.0 (iPhone)' });
    expect(asked.headers.get('location')).toBe(`https://vstupenky.example/sk/objednavky/${orderId}`);
  });

  it("sends an unknown order to Your tickets on APP_URL's origin", async () => {
    const answer = await redirect('orderId=00000000-0000-4000-8000-000000000000');
    expect(answer.headers.get('location')).toBe('https://vstupenky.example/sk/vstupenky');
  });
});
