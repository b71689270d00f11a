/** A real progressbar (role, aria-valuenow), drawn as a bar with the percentage beside it. */
export function ProgressBar({
  percent,
  label,
  tone,
}: {
  percent: number;
  label: string;
  tone?: 'ok' | 'danger' | 'muted';
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="discovery-progress">
      <div
        className={`discovery-progress-track${tone ? ` tone-${tone}` : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value} %`}
      >
        <div className="discovery-progress-fill" style={{ width: `${value}%` }} />
      </div>
      <span className="discovery-progress-value">{value} %</span>
    </div>
  );
}
