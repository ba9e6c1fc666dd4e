import { ClientMessages } from '@/lib/i18n/client-messages';

/** The unsubscribe page's confirmation (lib/i18n/client-messages.tsx). */
export default async function NotificationsLayout({ children, params }: LayoutProps<'/[locale]/notifications'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={['notifications.unsubscribe']}>
      {children}
    </ClientMessages>
  );
}
