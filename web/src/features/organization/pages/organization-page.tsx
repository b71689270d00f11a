import { Page } from '../../../components/page';
import { roleAtLeast } from '../../../components/roles';
import { ErrorState, Loading } from '../../../components/states';
import { formatDateTime } from '../../../lib/dates';
import { useUrlState } from '../../../lib/url-state';
import { useMe } from '../../auth/api';
import { useOrganization, useProgress } from '../api';
import { checklistOf } from '../checklist';
import { ChecklistCard } from '../components/checklist-card';
import { MembersSection } from '../components/members-section';
import { PlanSection } from '../components/plan-section';
import { ProfileSection } from '../components/profile-section';
import '../../../components/admin.css';
import '../organization.css';

/** The organization: getting started (with a welcome after registering), profile, plan and members. */
export function OrganizationPage() {
  const [params, update] = useUrlState();
  const me = useMe();
  const organization = useOrganization();
  const progress = useProgress();
  const welcome = params.get('welcome') === '1';
  const role = me.data?.role;

  if (organization.isPending) return <Loading label="Loading the organization" />;
  if (organization.error) return <ErrorState error={organization.error} onRetry={() => void organization.refetch()} />;
  const org = organization.data;
  const steps = checklistOf(org.onboarding, progress.data);
  const allDone = steps.every((s) => s.done);

  return (
    <Page title="Organization">
      <p className="muted org-summary">
        <strong className="org-name">{org.name}</strong> · created {formatDateTime(org.created_at)} · you are{' '}
        {role === 'Admin' || role === 'Owner' ? 'an' : 'a'} {role}
      </p>
      {welcome && (
        <div className="welcome card" role="status">
          <div>
            <h2>Welcome to Netatlas{me.data?.name ? `, ${me.data.name}` : ''}!</h2>
            <p>
              {org.name} is ready. Follow the steps below to map your first network: each one links to where it is done,
              and ticks itself off when it is.
            </p>
          </div>
          <button type="button" className="link-button" onClick={() => update({ welcome: null }, { replace: true })}>
            Hide welcome
          </button>
        </div>
      )}
      <div className="org-grid">
        {(!allDone || welcome) && (
          <div className="org-column">
            {progress.error && <ErrorState error={progress.error} onRetry={() => void progress.refetch()} />}
            <ChecklistCard steps={steps} welcome={welcome} />
          </div>
        )}
        <div className="org-column">
          <ProfileSection organization={org} jobTitle={me.data?.job_title} />
          <PlanSection organization={org} isOwner={role === 'Owner'} />
        </div>
      </div>
      {roleAtLeast(role, 'Admin') && <MembersSection callerRole={role} callerId={me.data?.id} />}
    </Page>
  );
}
