import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/field';
import { FormError, fieldError } from '../../../components/form-error';
import { type Organization, useSaveProfile } from '../api';
import { COMPANY_SIZES, REFERRAL_SOURCES, profileBodiesOf, profileFormOf } from '../forms';

const FIELDS = ['company_size', 'job_title', 'referral_source', 'referral_source_other'];

/** The organization's size, the person's job title, and how they found us: any role, session only. */
export function ProfileSection({ organization, jobTitle }: { organization: Organization; jobTitle?: string | null }) {
  const save = useSaveProfile();
  const [form, setForm] = useState(() => profileFormOf(organization, jobTitle));
  const [saved, setSaved] = useState(false);
  const error = save.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(profileBodiesOf(form), { onSuccess: () => setSaved(true) });
  };
  const change = (patch: Partial<typeof form>) => {
    setSaved(false);
    setForm({ ...form, ...patch });
  };

  return (
    <section className="card" id="profile" aria-labelledby="profile-heading" tabIndex={-1}>
      <h2 id="profile-heading">Profile</h2>
      <form className="form" onSubmit={submit} noValidate>
        <div className="form-grid">
          <Field label="Company size" error={fieldError(error, 'company_size')}>
            <select value={form.companySize} onChange={(e) => change({ companySize: e.target.value })}>
              <option value="">Not set</option>
              {COMPANY_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size} people
                </option>
              ))}
            </select>
          </Field>
          <Field label="Your job title" error={fieldError(error, 'job_title')}>
            <input value={form.jobTitle} maxLength={255} onChange={(e) => change({ jobTitle: e.target.value })} />
          </Field>
          <Field label="How did you hear about Netatlas?" error={fieldError(error, 'referral_source')}>
            <select value={form.referralSource} onChange={(e) => change({ referralSource: e.target.value })}>
              <option value="">Not answered</option>
              {REFERRAL_SOURCES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          {form.referralSource === 'other' && (
            <Field label="Where?" error={fieldError(error, 'referral_source_other')}>
              <input
                value={form.referralOther}
                maxLength={255}
                onChange={(e) => change({ referralOther: e.target.value })}
              />
            </Field>
          )}
        </div>
        <FormError error={error} fields={FIELDS} />
        <div className="form-actions">
          <button type="submit" className="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save profile'}
          </button>
          {saved && (
            <span role="status" className="saved">
              Profile saved
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
