import { AuthNav } from '@/components/layout/auth-nav';
import { AccountTab } from '@/components/layout/mobile-tabs';
import { getCurrentUser } from '@/lib/server/auth/current-user';
import { isSignedInShell } from '@/lib/server/auth/shared-shell';

// The header's account links and the phone's account tab, decided by the request's session on the
// server before anything is shown (or signed in, in the shell every signed-in fan shares: shared-shell.ts).
// Each is rendered inside the Suspense boundary of its slot.

async function signedIn(): Promise<boolean> {
  return (await isSignedInShell()) || Boolean(await getCurrentUser());
}

export async function HeaderAccount() {
  return <AuthNav signedIn={await signedIn()} />;
}

export async function TabAccount() {
  return <AccountTab signedIn={await signedIn()} />;
}
