import { Badge } from '../../components/ui/badge.tsx';

/** A change in points, signed and coloured; a dash when one side is missing. */
export function Delta({ value, label }: { value: number | null; label?: string }) {
  if (value === null) return <span className="text-slate-600">–</span>;
  const text = value > 0 ? `+${value}` : value === 0 ? '±0' : `−${-value}`;
  const tone = value > 0 ? 'green' : value < 0 ? 'red' : 'gray';
  return (
    <Badge tone={tone}>
      {label ? <span className="sr-only">{label} </span> : null}
      {text}
    </Badge>
  );
}
