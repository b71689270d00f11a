import { type ReactNode, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { ThemeToggle } from '../../../components/theme-toggle';
import { useUrlState } from '../../../lib/url-state';
import { type ShareMetadata, type ShareView, useShareMetadata, useSharedTopology } from '../api';
import { PasswordPrompt } from '../components/password-prompt';
import { SharedMap } from '../components/shared-map';
import { PANEL_ID, tabId, ViewTabs } from '../components/view-tabs';
import { needsPassword, storedToken, storeToken, unavailableReason } from '../share-access';
import { VIEW_LABELS } from '../share-form';
import '../sharing.css';

/** The public page's frame: the brand, the share's name, the theme; no session, no navigation. */
function Shell({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Netatlas`;
  }, [title]);
  return (
    <div className="share-public">
      <header className="share-public-header">
        <span className="brand">
          <img src="/favicon.svg" alt="" width={22} height={22} /> Netatlas
        </span>
        <h1>{title}</h1>
        <ThemeToggle />
      </header>
      <main className="share-public-main">{children}</main>
    </div>
  );
}

function SharedViews({ share }: { share: ShareMetadata }) {
  const [params, update] = useUrlState();
  const asked = params.get('view') as ShareView | null;
  const view = asked && share.enabled_views.includes(asked) ? asked : share.enabled_views[0];
  const [token, setToken] = useState(() => storedToken(share.id));
  const locked = share.requires_password && !token;
  const graph = useSharedTopology(share.id, view, token, !locked && !!view);
  // A stored token that stopped working (a new password, or a day passed): ask again; a new one replaces it.
  const expired = needsPassword(graph.error);

  if (!view) return <EmptyState title="Nothing to show">This share has no views turned on.</EmptyState>;
  if (locked || expired)
    return (
      <PasswordPrompt
        shareId={share.id}
        again={expired}
        onToken={(t) => {
          storeToken(share.id, t);
          setToken(t);
        }}
      />
    );

  let content;
  if (graph.isPending) content = <Loading label={`Loading the ${VIEW_LABELS[view]} map`} />;
  else if (graph.error) {
    const reason = unavailableReason(graph.error);
    content = reason ? (
      <EmptyState title={reason.title}>{reason.message}</EmptyState>
    ) : (
      <ErrorState error={graph.error} onRetry={() => void graph.refetch()} />
    );
  } else if (graph.data.nodes.length === 0)
    content = <EmptyState title="Nothing in this view yet">The network has nothing to draw in this view.</EmptyState>;
  else content = <SharedMap share={share} view={view} graph={graph.data} />;

  return (
    <div className="share-views">
      {share.enabled_views.length > 1 && (
        <ViewTabs views={share.enabled_views} current={view} onChange={(v) => update({ view: v }, { replace: true })} />
      )}
      <section
        id={PANEL_ID}
        className="share-panel"
        {...(share.enabled_views.length > 1
          ? { role: 'tabpanel', 'aria-labelledby': tabId(view) }
          : { 'aria-label': `${VIEW_LABELS[view]} map` })}
      >
        {content}
      </section>
    </div>
  );
}

/** /share/{id}: anyone with the link, read-only; the password first when the share has one. */
export function PublicSharePage() {
  const { id = '' } = useParams();
  const metadata = useShareMetadata(id);
  if (metadata.isPending)
    return (
      <Shell title="Shared map">
        <Loading label="Opening the share" />
      </Shell>
    );
  if (metadata.error) {
    const reason = unavailableReason(metadata.error);
    return (
      <Shell title={reason?.title ?? 'Shared map'}>
        {reason ? (
          <EmptyState title={reason.title}>
            <p>{reason.message}</p>
          </EmptyState>
        ) : (
          <ErrorState error={metadata.error} onRetry={() => void metadata.refetch()} />
        )}
      </Shell>
    );
  }
  return (
    <Shell title={metadata.data.name}>
      <SharedViews share={metadata.data} />
    </Shell>
  );
}
