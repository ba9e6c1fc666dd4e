import type { ReactNode } from 'react';

/** A section named by its own heading (aria-labelledby → the h2's id): how a screen titles its parts. */
export function TitledSection({
  id,
  title,
  className,
  children,
  'data-testid': testId,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  className?: string;
  children?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <section aria-labelledby={id} className={className} data-testid={testId}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
