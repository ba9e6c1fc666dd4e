import { Suspense, type ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { AuthCard, FormPlaceholder } from './auth-card';
import { FormAlert } from './form-parts';

// The landing pages of emailed links (verify the address, set a new password, unsubscribe): the card at
// once, what the link allows streamed in at request time, or why it cannot and where to go instead.

/** The link's token (or another query value) as one string: a repeated parameter counts once, a missing one is ''. */
export function queryValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** The card of a link's landing page; `children` reads the link (streamed, request time). */
export function EmailLinkPage({ title, lead, rows = 2, children }: { title: string; lead?: string; rows?: number; children: ReactNode }) {
  return (
    <AuthCard title={title} lead={lead}>
      <Suspense fallback={<FormPlaceholder rows={rows} />}>{children}</Suspense>
    </AuthCard>
  );
}

/** A link that is not (or no longer) valid: why, and the page to go to instead. */
export function InvalidEmailLink({ message, next }: { message: string; next: { href: '/profile' | '/password-reset'; label: string } }) {
  return (
    <div className="space-y-4">
      <FormAlert message={message} />
      <Link href={next.href} className="inline-block text-emerald-800 underline">
        {next.label}
      </Link>
    </div>
  );
}
