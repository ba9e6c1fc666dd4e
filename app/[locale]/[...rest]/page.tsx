import { notFound } from 'next/navigation';

// Any path under a locale that no screen answers: the localized 404 page with status 404.
export default function UnknownPath() {
  notFound();
}
