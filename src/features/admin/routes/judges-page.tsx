import type { JudgeApplication } from '../api/get-admin-list';
import { AdminList, type Column } from '../components/admin-list';
import { formatDateTime } from '../utils/format';

const COLUMNS: Column<JudgeApplication>[] = [
  {
    header: 'Photo',
    className: 'admin-cell--photo',
    cell: (judge) =>
      judge.hasPhoto ? (
        <img
          className="admin-thumb"
          src={`/api/judges/${encodeURIComponent(judge.id)}/photo`}
          alt={judge.name}
          width={56}
          height={56}
          loading="lazy"
        />
      ) : (
        <span className="admin-muted">No photo</span>
      ),
  },
  { header: 'Name', cell: (judge) => judge.name },
  { header: 'Expertise', cell: (judge) => judge.expertise },
  { header: 'Experience', cell: (judge) => `${judge.experience} ${judge.experience === 1 ? 'year' : 'years'}` },
  { header: 'Bio', className: 'admin-cell--long', cell: (judge) => judge.bio },
  { header: 'Received', cell: (judge) => formatDateTime(judge.createdAt) },
];

export function JudgesPage() {
  return <AdminList resource="judges" title="Judge applications" noun="judge applications" columns={COLUMNS} />;
}
