export function EventGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="h-72 animate-pulse rounded-xl bg-slate-200" />
      ))}
    </ul>
  );
}
