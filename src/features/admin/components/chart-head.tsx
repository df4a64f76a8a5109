/**
 * The head of every overview chart card (bars and time series alike): its heading, the data
 * table's toggle and the CSV download of the same numbers.
 */
export function ChartHead({
  id,
  headingId,
  title,
  csvHref,
  showTable,
  onToggleTable,
}: {
  id: string;
  headingId: string;
  title: string;
  csvHref: string;
  showTable: boolean;
  onToggleTable: () => void;
}) {
  return (
    <div className="overview-chart__head">
      <h2 id={headingId}>{title}</h2>
      <div className="overview-chart__actions">
        <button type="button" className="admin-link" aria-expanded={showTable} onClick={onToggleTable}>
          {showTable ? 'Hide data table' : 'Show data table'}
        </button>
        <a className="admin-link" href={csvHref} download={`overview-${id}.csv`}>
          Download CSV<span className="visually-hidden"> of {title}</span>
        </a>
      </div>
    </div>
  );
}
