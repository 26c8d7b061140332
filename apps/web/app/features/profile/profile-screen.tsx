import { Calendar } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { Container } from '../../components/ui/container.tsx';
import { AvatarUpload, type ProfileUser } from './avatar-upload.tsx';
import { DisplayNameCard } from './display-name-card.tsx';
import { ReportHistory } from './report-history.tsx';
import { SecurityCard } from './security-card.tsx';
import { reportStats, useReportHistory } from './use-report-history.ts';

export interface ProfileScreenProps {
  user: ProfileUser & { fullName: string; memberSince: string | null };
  /** Reads the session again after a change of name or picture. */
  refreshUser: () => Promise<void>;
  onAccountDeleted: () => void;
}

/** /profile for a signed-in user (spec point 2). */
export function ProfileScreen({ user, refreshUser, onAccountDeleted }: ProfileScreenProps) {
  const history = useReportHistory();
  const stats = reportStats(history.reports);
  return (
    <Container className="space-y-6 py-10">
      <h1 className="text-3xl font-bold">My Profile</h1>
      <Card>
        <AvatarUpload user={user} onUploaded={() => void refreshUser()} />
        {user.memberSince ? (
          <p className="mt-4 flex items-center gap-2 border-t border-slate-100 pt-4 text-sm text-slate-600">
            <Calendar className="size-4" aria-hidden />
            Member since {new Date(user.memberSince).toLocaleDateString()}
          </p>
        ) : null}
      </Card>
      <dl className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Total Reports" value={String(stats.total)} />
        <StatCard
          label="Average Score"
          value={stats.average === null ? 'N/A' : String(stats.average)}
        />
        <StatCard label="Best Score" value={stats.best === null ? 'N/A' : String(stats.best)} />
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <DisplayNameCard name={user.fullName} email={user.email} onSaved={refreshUser} />
        <SecurityCard onAccountDeleted={onAccountDeleted} />
      </div>
      <ReportHistory history={history} />
    </Container>
  );
}

function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <Card className="p-5">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-slate-900">{value}</dd>
    </Card>
  );
}
