import { FormField } from '@/components/form/form-field';

/** What `useFieldErrors().field(name)` gives a field. */
type Wiring = { id: string; error: string | undefined };

/** Today, the latest day money can have moved. */
export const today = () => new Date().toISOString().slice(0, 10);

/** When money moved on `day`: now for today; noon in Chennai on an earlier day (its day is the same read anywhere in India). */
export const occurredAtOf = (day: string) => (day === today() ? new Date().toISOString() : `${day}T12:00:00+05:30`);

/** An amount in rupees, as typed (the schema reads it). */
export function AmountField({ wiring, value, onChange }: { wiring: Wiring; value: string; onChange: (value: string) => void }) {
  return (
    <FormField label="Amount (₹)" layout="compact" {...wiring}>
      {(control) => <input {...control} type="text" inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} />}
    </FormField>
  );
}

/** The day money moved, today at the latest. */
export function DayField({ label, wiring, value, onChange }: { label: string; wiring: Wiring; value: string; onChange: (value: string) => void }) {
  return (
    <FormField label={label} layout="compact" {...wiring}>
      {(control) => <input {...control} type="date" max={today()} value={value} onChange={(e) => onChange(e.target.value)} />}
    </FormField>
  );
}
