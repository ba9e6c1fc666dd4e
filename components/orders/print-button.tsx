'use client';

/** Opens the browser's print dialog (print, or save as PDF); the print stylesheet leaves only the receipt. */
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" onClick={() => window.print()} className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-medium hover:bg-slate-50" data-testid="print-receipt">
      {label}
    </button>
  );
}
