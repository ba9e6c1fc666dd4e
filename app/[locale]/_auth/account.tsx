import { AuthNav } from '@/components/layout/auth-nav';
import { AccountTab } from '@/components/layout/mobile-tabs';
import { getCurrentUser } from '@/lib/server/auth/current-user';

// The header's account links and the phone's account tab, decided by the request's session on the
// server before anything is shown. Each is rendered inside the Suspense boundary of its slot.

export async function HeaderAccount() {
  return <AuthNav signedIn={Boolean(await getCurrentUser())} />;
}

export async function TabAccount() {
  return <AccountTab signedIn={Boolean(await getCurrentUser())} />;
}
