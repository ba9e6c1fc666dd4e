// GET /builds/latest.json — the id of the build this server runs; clients reload when theirs differs.
import { connection } from 'next/server';

export async function GET() {
  await connection();
  return Response.json({ id: process.env.NEXT_PUBLIC_BUILD_ID ?? null }, { headers: { 'Cache-Control': 'no-store' } });
}
