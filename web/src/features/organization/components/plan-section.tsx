import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { FormError } from '../../../components/form-error';
import { type Organization, type PlanType, useChangePlan } from '../api';

const PLANS: PlanType[] = ['Free', 'Starter', 'Pro', 'Team', 'Business', 'Enterprise', 'Community'];

/** The plan and what it allows; the Owner may change it (a self-hosted install takes no payment). */
export function PlanSection({ organization, isOwner }: { organization: Organization; isOwner: boolean }) {
  const change = useChangePlan();
  const [plan, setPlan] = useState<PlanType>(organization.plan.type);
  const features = organization.plan.features;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(plan);
  };

  return (
    <section className="card" aria-labelledby="plan-heading">
      <h2 id="plan-heading">Plan</h2>
      <dl className="facts">
        <dt>Plan</dt>
        <dd>
          <strong>{organization.plan.type}</strong> <span className="badge">{organization.plan_status.type}</span>
        </dd>
        <dt>Networks</dt>
        <dd>{features.max_networks === null ? 'Unlimited' : `Up to ${features.max_networks}`}</dd>
        <dt>API access</dt>
        <dd>{features.api_access ? 'Included' : 'Not included'}</dd>
        <dt>Shared views</dt>
        <dd>{features.share_views ? 'Included' : 'Not included'}</dd>
        {organization.last_downgrade_from_plan && (
          <>
            <dt>Previous plan</dt>
            <dd>{organization.last_downgrade_from_plan.type}</dd>
          </>
        )}
      </dl>
      {isOwner ? (
        <form className="form plan-form" onSubmit={submit}>
          <Field label="Change plan" hint="Moving down keeps existing networks but blocks new ones above the limit.">
            <select value={plan} onChange={(e) => setPlan(e.target.value as PlanType)}>
              {PLANS.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </select>
          </Field>
          <FormError error={change.error} fields={[]} />
          <div className="form-actions">
            <button type="submit" disabled={change.isPending || plan === organization.plan.type}>
              {change.isPending ? 'Changing…' : 'Change plan'}
            </button>
            {change.data?.plan.type === organization.plan.type && (
              <span role="status" className="saved">
                Plan changed to {organization.plan.type}
              </span>
            )}
          </div>
        </form>
      ) : (
        <p className="muted">Only the organization’s Owner can change the plan.</p>
      )}
    </section>
  );
}
