'use client';

import { useId, useState } from 'react';

export type BestAvailableText = {
  title: string;
  help: string;
  category: string;
  count: string;
  find: string;
  /** What was selected, in words. */
  found: (count: number, seats: string) => string;
  /** No `count` seats together in the category. */
  none: (count: number, category: string) => string;
};

/**
 * "Best available N seats together": the fan picks a price category and N; `onFind` applies the rule
 * (best-available.ts) and selects the seats, answering their names or null when none are together.
 */
export function BestAvailableForm({
  categories,
  max,
  disabled,
  onFind,
  text,
}: {
  categories: { index: number; name: string }[];
  max: number;
  disabled: boolean;
  onFind: (type: number, count: number) => string | null;
  text: BestAvailableText;
}) {
  const id = useId();
  const [type, setType] = useState(categories[0]?.index ?? 0);
  const [count, setCount] = useState(Math.min(2, Math.max(1, max)));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const select = 'w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900';
  const chosen = Math.min(count, Math.max(1, max));

  return (
    <form
      className="rounded-xl border border-slate-200 bg-white p-4"
      aria-labelledby={`${id}-title`}
      data-testid="best-available"
      onSubmit={(e) => {
        e.preventDefault();
        const seats = onFind(type, chosen);
        const category = categories.find((c) => c.index === type)?.name ?? '';
        setMessage(seats === null ? { ok: false, text: text.none(chosen, category) } : { ok: true, text: text.found(chosen, seats) });
      }}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {text.title}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{text.help}</p>
      <div className="mt-3 grid grid-cols-[1fr_auto] gap-3 sm:grid-cols-[2fr_1fr_auto]">
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor={`${id}-type`} className="mb-1 block text-sm font-medium">
            {text.category}
          </label>
          <select id={`${id}-type`} className={select} value={type} onChange={(e) => setType(Number(e.target.value))}>
            {categories.map((c) => (
              <option key={c.index} value={c.index}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-count`} className="mb-1 block text-sm font-medium">
            {text.count}
          </label>
          <select id={`${id}-count`} className={select} value={chosen} onChange={(e) => setCount(Number(e.target.value))}>
            {Array.from({ length: Math.max(1, max) }, (_, n) => (
              <option key={n + 1} value={n + 1}>
                {n + 1}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <button
            type="submit"
            disabled={disabled || max < 1}
            className="min-h-11 w-full rounded-lg bg-emerald-800 px-4 py-2 font-medium text-white hover:bg-emerald-700 disabled:cursor-not-allowed disabled:bg-slate-400"
          >
            {text.find}
          </button>
        </div>
      </div>
      <p role="status" className={`mt-3 text-sm ${message?.ok === false ? 'font-medium text-red-800' : 'text-slate-800'}`} data-testid="best-available-result">
        {message?.text ?? ''}
      </p>
    </form>
  );
}
