import 'server-only';
// The landing rule after sign-in (lib/auth/home.ts maps it to a screen): whoever may run events of an
// organisation (owner or manager) opens the console; someone who only scans at gates opens the scanner;
// everyone else (fans) their profile.
import type { Home } from '@/lib/auth/home';
import { myOrganisations, roleCan } from './access';

export async function homeOf(userId: string): Promise<Home> {
  const organisations = await myOrganisations(userId);
  if (organisations.some((o) => roleCan(o.role, 'events'))) return 'console';
  if (organisations.some((o) => roleCan(o.role, 'gate'))) return 'scanner';
  return 'profile';
}
