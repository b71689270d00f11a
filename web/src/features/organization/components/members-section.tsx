import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { type Member, useDeleteMember, useMembers } from '../api';
import { canManage } from '../forms';
import { MemberDialog } from './member-dialog';

/** The organization's people, for Admins and Owners. */
export function MembersSection({ callerRole, callerId }: { callerRole?: string; callerId?: string }) {
  const members = useMembers(true);
  const remove = useDeleteMember();
  const [editing, setEditing] = useState<Member | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Member | null>(null);

  return (
    <section className="card section" id="members" aria-labelledby="members-heading" tabIndex={-1}>
      <header className="section-header flush">
        <h2 id="members-heading">Members</h2>
        <button type="button" onClick={() => setEditing('new')}>
          Add member
        </button>
      </header>
      {members.isPending ? (
        <Loading label="Loading members" />
      ) : members.error ? (
        <ErrorState error={members.error} onRetry={() => void members.refetch()} />
      ) : members.data.items.length === 0 ? (
        <EmptyState title="No members" />
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Networks</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.data.items.map((member) => (
                <tr key={member.id}>
                  <td>
                    {member.name}
                    {member.id === callerId && <span className="muted"> (you)</span>}
                    {member.job_title && <div className="muted">{member.job_title}</div>}
                  </td>
                  <td>{member.email}</td>
                  <td>{member.role}</td>
                  <td>
                    {member.role === 'Owner' || member.role === 'Admin' ? 'All' : member.network_ids.length || 'None'}
                  </td>
                  <td className="row-actions">
                    {canManage(callerRole, member) && (
                      <>
                        <button type="button" onClick={() => setEditing(member)} aria-label={`Edit ${member.name}`}>
                          Edit
                        </button>
                        {member.id !== callerId && (
                          <button
                            type="button"
                            className="danger"
                            onClick={() => {
                              remove.reset();
                              setDeleting(member);
                            }}
                            aria-label={`Remove ${member.name}`}
                          >
                            Remove
                          </button>
                        )}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <MemberDialog
          member={editing === 'new' ? undefined : editing}
          callerRole={callerRole}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Remove ${deleting.name}?`}
          confirmLabel="Remove member"
          pending={remove.isPending}
          error={remove.error}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        >
          They can no longer sign in, and their API keys stop working.
        </ConfirmDialog>
      )}
    </section>
  );
}
